package domain

import (
	"time"

	"github.com/google/uuid"
)

type OperationKind string

const (
	OpAuthorize   OperationKind = "authorize"
	OpReauthorize OperationKind = "reauthorize"
	OpCapture     OperationKind = "capture"
	OpCancel      OperationKind = "cancel"
)

type OperationStatus string

const (
	OpPending   OperationStatus = "pending"
	OpSucceeded OperationStatus = "succeeded"
	OpFailed    OperationStatus = "failed"
)

// PaymentOperation is the durable record of a call we intend to make to
// Stripe. OperationKey doubles as the Stripe Idempotency-Key.
type PaymentOperation struct {
	ID             uuid.UUID
	OrderID        uuid.UUID
	Kind           OperationKind
	OperationKey   string
	AmountCents    int64
	Status         OperationStatus
	StripeObjectID string
	FailureCode    string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

type Refund struct {
	ID             uuid.UUID
	OrderID        uuid.UUID
	OrderItemID    *uuid.UUID
	OperationKey   string
	Reason         string
	AmountCents    int64
	Status         RefundStatus
	StripeRefundID string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type Dispute struct {
	ID              uuid.UUID
	OrderID         uuid.UUID
	StripeDisputeID string
	Reason          string
	AmountCents     int64
	Status          string
}

// Refund reasons recorded on refunds rows and sent to Stripe metadata.
const (
	RefundReasonSoldOut       = "sold_out"
	RefundReasonReturned      = "returned"
	RefundReasonWarehouseLine = "warehouse_cancelled_line"
	RefundReasonSupport       = "support"
)
