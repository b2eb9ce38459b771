package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

type ChargeKind string

const (
	ChargeRenewal          ChargeKind = "renewal"
	ChargeAdHoc            ChargeKind = "adhoc"
	ChargeEarlyTermination ChargeKind = "early_termination"
)

type ChargeStatus string

const (
	ChargePending    ChargeStatus = "pending"
	ChargeProcessing ChargeStatus = "processing"
	ChargeSucceeded  ChargeStatus = "succeeded"
	ChargeFailed     ChargeStatus = "failed"
)

type Charge struct {
	ID               uuid.UUID    `gorm:"type:uuid;primaryKey" json:"id"`
	SubscriptionID   uuid.UUID    `gorm:"type:uuid" json:"subscription_id"`
	Kind             ChargeKind   `json:"kind"`
	AmountCents      int64        `json:"amount_cents"`
	Currency         string       `json:"currency"`
	Description      string       `json:"description"`
	Status           ChargeStatus `json:"status"`
	BillingPeriod    *time.Time   `gorm:"type:date" json:"billing_period,omitempty"`
	IdempotencyKey   *string      `json:"-"`
	ProviderChargeID *string      `json:"provider_charge_id,omitempty"`
	FailureReason    *string      `json:"failure_reason,omitempty"`
	CreatedAt        time.Time    `json:"created_at"`
	UpdatedAt        time.Time    `json:"updated_at"`
}

type RefundStatus string

const (
	RefundRequested RefundStatus = "requested"
	RefundCompleted RefundStatus = "completed"
	RefundFailed    RefundStatus = "failed"
)

type Refund struct {
	ID               uuid.UUID    `gorm:"type:uuid;primaryKey" json:"id"`
	ChargeID         uuid.UUID    `gorm:"type:uuid" json:"charge_id"`
	ProviderRefundID string       `json:"provider_refund_id"`
	AmountCents      int64        `json:"amount_cents"`
	Reason           string       `json:"reason"`
	Status           RefundStatus `json:"status"`
	RequestedBy      string       `json:"requested_by"`
	CreatedAt        time.Time    `json:"created_at"`
	UpdatedAt        time.Time    `json:"updated_at"`
}

type RefundSettlement struct {
	ProviderRefundID string `gorm:"primaryKey"`
	AmountCents      int64
	SettledAt        time.Time
	CreatedAt        time.Time
}

type Dispute struct {
	ProviderDisputeID string    `gorm:"primaryKey"`
	ChargeID          uuid.UUID `gorm:"type:uuid"`
	AmountCents       int64
	Reason            string
	OpenedAt          time.Time
	CreatedAt         time.Time
}

type CustomerCredit struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey" json:"id"`
	SubscriptionID uuid.UUID `gorm:"type:uuid" json:"subscription_id"`
	AmountCents    int64     `json:"amount_cents"`
	Reason         string    `json:"reason"`
	SourceRef      string    `json:"source_ref"`
	CreatedAt      time.Time `json:"created_at"`
}

type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

// BillingEventType is the "type" of a payment provider event forwarded to
// our billing queue by the webhook relay.
type BillingEventType string

const (
	BillingPaymentSucceeded BillingEventType = "payment.succeeded"
	BillingPaymentFailed    BillingEventType = "payment.failed"
	BillingRefundCompleted  BillingEventType = "refund.completed"
	BillingDisputeOpened    BillingEventType = "dispute.opened"
)

// BillingEvent is the provider's event envelope. ID is the provider's
// event id and is the same on every redelivery.
type BillingEvent struct {
	ID        string           `json:"id"`
	Type      BillingEventType `json:"type"`
	CreatedAt time.Time        `json:"created"`
	Data      json.RawMessage  `json:"data"`
}
