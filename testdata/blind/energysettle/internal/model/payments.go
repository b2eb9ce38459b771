package model

import "time"

// Mandate is a Direct Debit mandate held with the payments provider.
type Mandate struct {
	ID                 string    `gorm:"primaryKey"`
	AccountID          string    `gorm:"column:account_id"`
	ProviderMandateID  string    `gorm:"column:provider_mandate_id"`
	ProviderCustomerID string    `gorm:"column:provider_customer_id"`
	Scheme             string    `gorm:"column:scheme"`
	Status             string    `gorm:"column:status"`
	CreatedAt          time.Time `gorm:"column:created_at"`
	UpdatedAt          time.Time `gorm:"column:updated_at"`
}

func (Mandate) TableName() string { return "mandates" }

// Payment statuses (local view; provider statuses are mapped onto these).
const (
	PaymentPendingSubmission = "pending_submission"
	PaymentSubmitted         = "submitted"
	PaymentConfirmed         = "confirmed"
	PaymentPaidOut           = "paid_out"
	PaymentFailed            = "failed"
	PaymentCancelled         = "cancelled"
	PaymentChargedBack       = "charged_back"
)

// Payment is one collection attempt against an invoice. AttemptNo starts
// at 1 for the first collection and increases with each dunning retry.
type Payment struct {
	ID                string     `gorm:"primaryKey"`
	InvoiceID         string     `gorm:"column:invoice_id"`
	MandateID         string     `gorm:"column:mandate_id"`
	AttemptNo         int        `gorm:"column:attempt_no"`
	AmountPence       int64      `gorm:"column:amount_pence"`
	Currency          string     `gorm:"column:currency"`
	ProviderPaymentID *string    `gorm:"column:provider_payment_id"`
	ChargeDate        *time.Time `gorm:"column:charge_date;type:date"`
	Status            string     `gorm:"column:status"`
	FailureReason     string     `gorm:"column:failure_reason"`
	CreatedAt         time.Time  `gorm:"column:created_at"`
	UpdatedAt         time.Time  `gorm:"column:updated_at"`
}

func (Payment) TableName() string { return "payments" }

// Submitted reports whether the provider has accepted this attempt.
func (p Payment) Submitted() bool { return p.ProviderPaymentID != nil && *p.ProviderPaymentID != "" }

// RefundRequest is a request to refund part or all of a collected payment.
type RefundRequest struct {
	ID               string     `gorm:"primaryKey"`
	PaymentID        string     `gorm:"column:payment_id"`
	AmountPence      int64      `gorm:"column:amount_pence"`
	Reason           string     `gorm:"column:reason"`
	Status           string     `gorm:"column:status"`
	ProviderRefundID *string    `gorm:"column:provider_refund_id"`
	RequestedBy      string     `gorm:"column:requested_by"`
	CreatedAt        time.Time  `gorm:"column:created_at"`
	SubmittedAt      *time.Time `gorm:"column:submitted_at"`
}

func (RefundRequest) TableName() string { return "refund_requests" }

// PaymentEvent is a provider webhook event that has been applied.
type PaymentEvent struct {
	ProviderEventID string    `gorm:"primaryKey;column:provider_event_id"`
	ResourceType    string    `gorm:"column:resource_type"`
	Action          string    `gorm:"column:action"`
	ResourceID      string    `gorm:"column:resource_id"`
	AppliedAt       time.Time `gorm:"column:applied_at"`
}

func (PaymentEvent) TableName() string { return "payment_events" }

// PaymentEventLog is the raw delivery log kept for support investigations.
// Every delivery is appended, including repeats.
type PaymentEventLog struct {
	ID              string    `gorm:"primaryKey"`
	ProviderEventID string    `gorm:"column:provider_event_id"`
	SQSMessageID    string    `gorm:"column:sqs_message_id"`
	Payload         []byte    `gorm:"column:payload;type:jsonb"`
	ReceivedAt      time.Time `gorm:"column:received_at"`
}

func (PaymentEventLog) TableName() string { return "payment_event_log" }

// Payout is a settlement of collected funds from the provider to our bank.
type Payout struct {
	ProviderPayoutID  string    `gorm:"primaryKey;column:provider_payout_id"`
	AmountPence       int64     `gorm:"column:amount_pence"`
	DeductedFeesPence int64     `gorm:"column:deducted_fees_pence"`
	Currency          string    `gorm:"column:currency"`
	ArrivalDate       time.Time `gorm:"column:arrival_date;type:date"`
	Reference         string    `gorm:"column:reference"`
	CreatedAt         time.Time `gorm:"column:created_at"`
}

func (Payout) TableName() string { return "payouts" }

// PayoutItem links a payout to the payments it settled.
type PayoutItem struct {
	ProviderPayoutID  string `gorm:"primaryKey;column:provider_payout_id"`
	ProviderPaymentID string `gorm:"primaryKey;column:provider_payment_id"`
	AmountPence       int64  `gorm:"column:amount_pence"`
}

func (PayoutItem) TableName() string { return "payout_items" }
