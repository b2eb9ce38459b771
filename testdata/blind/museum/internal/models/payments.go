package models

import (
	"time"

	"github.com/google/uuid"
)

type PaymentPurpose string

const (
	PurposeTicketOrder PaymentPurpose = "ticket_order"
	PurposeMembership  PaymentPurpose = "membership"
	PurposeDonation    PaymentPurpose = "donation"
	PurposeShopOrder   PaymentPurpose = "shop_order"
)

type IntentStatus string

const (
	IntentPending    IntentStatus = "pending"
	IntentSubmitted  IntentStatus = "submitted"
	IntentAuthorised IntentStatus = "authorised"
	IntentRefused    IntentStatus = "refused"
	IntentCaptured   IntentStatus = "captured"
	IntentRefunded   IntentStatus = "refunded"
)

type IdempotencyKey struct {
	Scope      string `gorm:"primaryKey"`
	Key        string `gorm:"primaryKey"`
	ResourceID string
	CreatedAt  time.Time
}

func (IdempotencyKey) TableName() string { return "idempotency_keys" }

// PaymentIntent is written before any call to the processor. Its
// OperationID is what the processor sees as the idempotency key.
type PaymentIntent struct {
	OperationID    string `gorm:"primaryKey"`
	Purpose        PaymentPurpose
	ResourceID     string
	AmountMinor    int64
	Currency       string
	Status         IntentStatus
	PSPReference   *string
	ShopperRef     *string
	RecurringToken *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (PaymentIntent) TableName() string { return "payment_intents" }

type PSPNotification struct {
	PSPReference      string `gorm:"primaryKey"`
	EventCode         string `gorm:"primaryKey"`
	OriginalReference *string
	MerchantReference string
	Success           bool
	AmountMinor       int64
	Currency          string
	Reason            *string
	EventDate         time.Time
	ReceivedAt        time.Time `gorm:"autoCreateTime"`
}

func (PSPNotification) TableName() string { return "psp_notifications" }

type Chargeback struct {
	PSPReference      string `gorm:"primaryKey"`
	OriginalReference string
	Purpose           PaymentPurpose
	ResourceID        string
	AmountMinor       int64
	Currency          string
	Reason            *string
	CreatedAt         time.Time
}

func (Chargeback) TableName() string { return "chargebacks" }

type RefundStatus string

const (
	RefundRequested RefundStatus = "requested"
	RefundSubmitted RefundStatus = "submitted"
	RefundCompleted RefundStatus = "completed"
	RefundFailed    RefundStatus = "failed"
)

type RefundRequest struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	OrderKind    PaymentPurpose
	OrderID      string
	AmountMinor  int64
	Currency     string
	Reason       string
	Status       RefundStatus
	PSPReference *string
	RequestedBy  string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (RefundRequest) TableName() string { return "refund_requests" }

type OutboxMessage struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	Topic        string
	PartitionKey string
	Payload      []byte `gorm:"type:jsonb"`
	CreatedAt    time.Time
	PublishedAt  *time.Time
}

func (OutboxMessage) TableName() string { return "outbox_messages" }
