package store

import (
	"time"

	"github.com/google/uuid"
)

// Order statuses.
const (
	OrderPendingPayment = "pending_payment"
	OrderPlaced         = "placed"
	OrderAccepted       = "accepted"
	OrderReady          = "ready"
	OrderPickedUp       = "picked_up"
	OrderDelivered      = "delivered"
	OrderCancelled      = "cancelled"
	OrderRejected       = "rejected"
)

// Customer is a person who orders food.
type Customer struct {
	ID                   uuid.UUID
	DisplayName          string
	PhoneE164            string
	PushToken            *string
	StripeCustomerID     *string
	DefaultPaymentMethod *string
}

// Restaurant is a merchant on the platform.
type Restaurant struct {
	ID              uuid.UUID
	Name            string
	PhoneE164       string
	Address         string
	StripeAccountID *string
	CommissionBPS   int
	Active          bool
}

// MenuItem is something a restaurant sells.
type MenuItem struct {
	ID           uuid.UUID
	RestaurantID uuid.UUID
	Name         string
	Description  string
	PriceCents   int64
	Category     string
	Available    bool
	CreatedAt    time.Time
}

// Order is a customer's order with one restaurant.
type Order struct {
	ID                 uuid.UUID
	CustomerID         uuid.UUID
	RestaurantID       uuid.UUID
	Status             string
	SubtotalCents      int64
	DeliveryFeeCents   int64
	ServiceFeeCents    int64
	TipCents           int64
	CreditAppliedCents int64
	TotalCents         int64
	Currency           string
	DropoffAddress     string
	DropoffNotes       string
	CourierDeliveryID  *string
	CourierID          *string
	PlacedAt           *time.Time
	DeliveredAt        *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// OrderItem is one line of an order.
type OrderItem struct {
	OrderID        uuid.UUID
	MenuItemID     uuid.UUID
	Quantity       int
	UnitPriceCents int64
	Notes          string
}

// PaymentAttempt is the card charge for an order.
type PaymentAttempt struct {
	ID                    uuid.UUID
	OrderID               uuid.UUID
	AmountCents           int64
	Currency              string
	Status                string
	StripePaymentIntentID *string
	FailureCode           *string
}

// Tip is a post-delivery tip charged separately from the order.
type Tip struct {
	ID                    string
	OrderID               uuid.UUID
	AmountCents           int64
	StripePaymentIntentID string
	ForwardedAt           *time.Time
}

// Refund is a full refund of an order's charge.
type Refund struct {
	ID             uuid.UUID
	OrderID        uuid.UUID
	Reason         string
	AmountCents    int64
	Status         string
	StripeRefundID *string
}

// Adjustment is a partial refund for a missing or wrong item.
type Adjustment struct {
	ID             uuid.UUID
	OrderID        uuid.UUID
	MenuItemID     uuid.UUID
	Quantity       int
	AmountCents    int64
	Status         string
	StripeRefundID *string
}

// LedgerEntry is a movement on a restaurant's balance.
type LedgerEntry struct {
	ID           uuid.UUID
	RestaurantID uuid.UUID
	OrderID      *uuid.UUID
	EntryType    string
	AmountCents  int64
	PayoutID     *uuid.UUID
	CreatedAt    time.Time
}

// Payout is one weekly transfer to a restaurant.
type Payout struct {
	ID               uuid.UUID
	RestaurantID     uuid.UUID
	PeriodStart      time.Time
	PeriodEnd        time.Time
	AmountCents      int64
	Status           string
	StripeTransferID *string
	PaidAt           *time.Time
}

// Dispute mirrors a Stripe dispute on an order's charge.
type Dispute struct {
	StripeDisputeID string
	OrderID         uuid.UUID
	AmountCents     int64
	Reason          string
	Status          string
	EvidenceDueBy   *time.Time
}

// DispatchRequest is one attempt at booking a courier for an order.
type DispatchRequest struct {
	ID                uuid.UUID
	OrderID           uuid.UUID
	Attempt           int
	PartnerDeliveryID *string
	Status            string
	QuotedFeeCents    *int64
}

// Notification is an outbound SMS or push message.
type Notification struct {
	ID          uuid.UUID
	Channel     string
	Recipient   string
	Template    string
	Body        string
	DedupeKey   string
	Status      string
	ProviderRef *string
	SentAt      *time.Time
}

// CreditGrant is platform credit given to a customer.
type CreditGrant struct {
	ID          string
	CustomerID  uuid.UUID
	Source      string
	AmountCents int64
	Note        string
	GrantedBy   string
	ExpiresAt   *time.Time
	CreatedAt   time.Time
}

// Promo is a redeemable promo code.
type Promo struct {
	ID             uuid.UUID
	Code           string
	AmountCents    int64
	MaxRedemptions int
	RedeemedCount  int
	StartsAt       time.Time
	ExpiresAt      time.Time
	Active         bool
}

// IdempotencyRecord is a stored response for a client request key.
type IdempotencyRecord struct {
	Scope        string
	Key          string
	RequestHash  string
	StatusCode   *int
	ResponseBody []byte
}

// Completed reports whether a response has been stored.
func (r IdempotencyRecord) Completed() bool { return r.StatusCode != nil }
