// Package domain holds the core types shared by the dispatch services.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// OrderStatus is the lifecycle state of a delivery order.
type OrderStatus string

const (
	OrderPendingPayment OrderStatus = "pending_payment"
	OrderScheduled      OrderStatus = "scheduled"
	OrderInFlight       OrderStatus = "in_flight"
	OrderDelivered      OrderStatus = "delivered"
	OrderFailed         OrderStatus = "failed"
	OrderCancelled      OrderStatus = "cancelled"
)

// Terminal reports whether no further transitions are possible.
func (s OrderStatus) Terminal() bool {
	switch s {
	case OrderDelivered, OrderFailed, OrderCancelled:
		return true
	}
	return false
}

// Priority is the service level the merchant paid for.
type Priority string

const (
	PriorityStandard Priority = "standard"
	PriorityExpress  Priority = "express"
)

// Point is a WGS84 coordinate.
type Point struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Order is a single parcel delivery requested by a merchant.
type Order struct {
	ID                 uuid.UUID
	MerchantID         uuid.UUID
	MerchantRef        string
	IntegrationEventID string
	Status             OrderStatus
	Priority           Priority
	PickupDepotID      string
	Dropoff            Point
	RecipientName      string
	RecipientPhone     string
	ParcelGrams        int
	FeeCents           int64
	Currency           string
	ChargeID           string
	CreatedAt          time.Time
	LaunchedAt         *time.Time
	DeliveredAt        *time.Time
}

// Merchant is a business customer shipping parcels with us.
type Merchant struct {
	ID                uuid.UUID
	Name              string
	BillingEmail      string
	PaymentCustomerID string
	PaymentMethodID   string
	OutstandingCents  int64
	CreditCents       int64
	Currency          string
}

// ProofOfDelivery is the evidence captured by the drone at drop-off.
type ProofOfDelivery struct {
	OrderID     uuid.UUID
	PhotoKey    string
	PhotoSHA256 string
	DroneID     string
	Location    Point
	CapturedAt  time.Time
}

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalidTransition = errors.New("invalid state transition")
	ErrInvalidArgument   = errors.New("invalid argument")
)
