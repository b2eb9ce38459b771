package domain

import (
	"time"

	"github.com/google/uuid"
)

// PaymentStatus tracks the card authorisation of an order.
type PaymentStatus string

const (
	PaymentAuthorised PaymentStatus = "authorised"
	PaymentCaptured   PaymentStatus = "captured"
	PaymentFailed     PaymentStatus = "failed"
)

// Payment is the card payment attached to an order.
type Payment struct {
	OrderID     uuid.UUID
	IntentID    string
	AmountCents int64
	Currency    string
	Status      PaymentStatus
	UpdatedAt   time.Time
}

// OpStatus is the state of a durable provider operation.
type OpStatus string

const (
	OpPending   OpStatus = "pending"
	OpSucceeded OpStatus = "succeeded"
	OpFailed    OpStatus = "failed"
)

// PaymentOperation is a durable intent for a call to the card processor.
type PaymentOperation struct {
	ID          uuid.UUID
	OrderID     uuid.UUID
	Kind        string
	AmountCents int64
	Status      OpStatus
	ProviderRef string
}

// Refund is a refund intent keyed by order and reason.
type Refund struct {
	OrderID     uuid.UUID
	Reason      string
	AmountCents int64
	Status      OpStatus
	ProviderRef string
}

// Invoice is the final bill for a delivered order.
type Invoice struct {
	ID         string
	Number     string
	OrderID    uuid.UUID
	TotalCents int64
	ExtraCents int64
	ChargeRef  string
	Status     string
	IssuedAt   time.Time
}
