// Package domain holds the fulfilment domain types shared across services,
// repositories and transports.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// OrderStatus is the lifecycle state of a grocery order.
type OrderStatus string

const (
	OrderPendingPayment OrderStatus = "pending_payment"
	OrderConfirmed      OrderStatus = "confirmed"
	OrderPicking        OrderStatus = "picking"
	OrderPacked         OrderStatus = "packed"
	OrderHandedOver     OrderStatus = "handed_over"
	OrderOutForDelivery OrderStatus = "out_for_delivery"
	OrderDelivered      OrderStatus = "delivered"
	OrderCancelled      OrderStatus = "cancelled"
	OrderRejected       OrderStatus = "rejected"
	OrderExpired        OrderStatus = "expired"
)

// Terminal reports whether no further fulfilment happens for the order.
func (s OrderStatus) Terminal() bool {
	switch s {
	case OrderDelivered, OrderCancelled, OrderRejected, OrderExpired:
		return true
	}
	return false
}

// Common domain errors mapped onto transport codes.
var (
	ErrNotFound        = errors.New("not found")
	ErrInvalidState    = errors.New("invalid state for operation")
	ErrSlotFull        = errors.New("delivery slot is full")
	ErrInvalidArgument = errors.New("invalid argument")
	ErrPromoInvalid    = errors.New("promotion not applicable")
)

// Order is a customer's grocery order.
type Order struct {
	ID            uuid.UUID
	CustomerID    uuid.UUID
	StoreID       string
	RetailerID    string
	SlotID        int64
	Status        OrderStatus
	SubtotalCents int64
	DiscountCents int64
	TotalCents    int64
	Currency      string
	Phone         string
	PaymentMethod string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// OrderLine is a single product line of an order.
type OrderLine struct {
	OrderID        uuid.UUID
	LineNo         int
	SKU            string
	Quantity       int
	UnitPriceCents int64
	SubstitutedSKU string
}

// Slot is a delivery window with finite capacity.
type Slot struct {
	ID       int64
	StoreID  string
	Starts   time.Time
	Ends     time.Time
	Capacity int
	Reserved int
	Closed   bool
}

// OrderEvent is an append-only audit entry for an order.
type OrderEvent struct {
	ID      uuid.UUID
	OrderID uuid.UUID
	Type    string
	Detail  string
	At      time.Time
}

// Promotion is a redeemable promo code.
type Promotion struct {
	Code          string
	DiscountCents int64
	MinSubtotal   int64
	ValidUntil    time.Time
}
