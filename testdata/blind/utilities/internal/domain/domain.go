// Package domain holds the core types of the billing and metering service.
package domain

import (
	"errors"
	"time"
)

// Utility is the commodity a meter measures.
type Utility string

const (
	Water       Utility = "water"
	Electricity Utility = "electricity"
)

// ReadingSource says where a reading came from.
type ReadingSource string

const (
	SourceHeadEnd  ReadingSource = "headend"
	SourceCustomer ReadingSource = "customer"
	SourceEstimate ReadingSource = "estimate"
)

var (
	ErrNotFound             = errors.New("not found")
	ErrConflict             = errors.New("conflict")
	ErrInvalidState         = errors.New("invalid state")
	ErrIdempotencyKeyReused = errors.New("idempotency key reused with a different request")
)

type Account struct {
	ID            string    `db:"id" json:"id"`
	CustomerName  string    `db:"customer_name" json:"customer_name"`
	Email         string    `db:"email" json:"email"`
	PostalAddress string    `db:"postal_address" json:"postal_address"`
	Status        string    `db:"status" json:"status"`
	BalanceCents  int64     `db:"balance_cents" json:"balance_cents"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
}

type Meter struct {
	ID                   string  `db:"id" json:"id"`
	PremiseID            string  `db:"premise_id" json:"premise_id"`
	AccountID            string  `db:"account_id" json:"account_id"`
	Utility              Utility `db:"utility" json:"utility"`
	Serial               string  `db:"serial" json:"serial"`
	Prepaid              bool    `db:"prepaid" json:"prepaid"`
	ConsecutiveEstimates int     `db:"consecutive_estimates" json:"consecutive_estimates"`
}

type Reading struct {
	MeterID    string        `db:"meter_id" json:"meter_id"`
	Register   string        `db:"register" json:"register"`
	ReadAt     time.Time     `db:"read_at" json:"read_at"`
	Value      float64       `db:"value" json:"value"`
	Source     ReadingSource `db:"source" json:"source"`
	ReceivedAt time.Time     `db:"received_at" json:"received_at"`
}

type EstimatedReading struct {
	ID          string    `db:"id" json:"id"`
	MeterID     string    `db:"meter_id" json:"meter_id"`
	Register    string    `db:"register" json:"register"`
	PeriodStart time.Time `db:"period_start" json:"period_start"`
	PeriodEnd   time.Time `db:"period_end" json:"period_end"`
	Value       float64   `db:"value" json:"value"`
	Method      string    `db:"method" json:"method"`
	WorkflowID  string    `db:"workflow_id" json:"workflow_id"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type BillingRun struct {
	ID          string    `db:"id" json:"id"`
	PeriodStart time.Time `db:"period_start" json:"period_start"`
	PeriodEnd   time.Time `db:"period_end" json:"period_end"`
	Status      string    `db:"status" json:"status"`
	RequestedBy string    `db:"requested_by" json:"requested_by"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type Bill struct {
	ID              string     `db:"id" json:"id"`
	AccountID       string     `db:"account_id" json:"account_id"`
	BillingRunID    string     `db:"billing_run_id" json:"billing_run_id"`
	PeriodStart     time.Time  `db:"period_start" json:"period_start"`
	PeriodEnd       time.Time  `db:"period_end" json:"period_end"`
	AmountDueCents  int64      `db:"amount_due_cents" json:"amount_due_cents"`
	AmountPaidCents int64      `db:"amount_paid_cents" json:"amount_paid_cents"`
	Status          string     `db:"status" json:"status"`
	IssuedAt        *time.Time `db:"issued_at" json:"issued_at,omitempty"`
	DueAt           time.Time  `db:"due_at" json:"due_at"`
}

// Outstanding is what the customer still owes on the bill.
func (b Bill) Outstanding() int64 {
	if b.AmountPaidCents >= b.AmountDueCents {
		return 0
	}
	return b.AmountDueCents - b.AmountPaidCents
}

type BillLine struct {
	BillID      string  `db:"bill_id" json:"bill_id"`
	LineNo      int     `db:"line_no" json:"line_no"`
	Description string  `db:"description" json:"description"`
	Quantity    float64 `db:"quantity" json:"quantity"`
	UnitCents   int64   `db:"unit_cents" json:"unit_cents"`
	AmountCents int64   `db:"amount_cents" json:"amount_cents"`
}

type Adjustment struct {
	Ref         string    `db:"adjustment_ref" json:"adjustment_ref"`
	BillID      string    `db:"bill_id" json:"bill_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Reason      string    `db:"reason" json:"reason"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type AccountCredit struct {
	ID          string    `db:"id" json:"id"`
	AccountID   string    `db:"account_id" json:"account_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Reason      string    `db:"reason" json:"reason"`
	CreatedBy   string    `db:"created_by" json:"created_by"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type CardPayment struct {
	ID               string    `db:"id" json:"id"`
	AccountID        string    `db:"account_id" json:"account_id"`
	BillID           string    `db:"bill_id" json:"bill_id"`
	AmountCents      int64     `db:"amount_cents" json:"amount_cents"`
	Currency         string    `db:"currency" json:"currency"`
	Status           string    `db:"status" json:"status"`
	GatewayPaymentID *string   `db:"gateway_payment_id" json:"gateway_payment_id,omitempty"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

type Topup struct {
	ID               string    `db:"id" json:"id"`
	MeterID          string    `db:"meter_id" json:"meter_id"`
	AmountCents      int64     `db:"amount_cents" json:"amount_cents"`
	GatewayPaymentID string    `db:"gateway_payment_id" json:"gateway_payment_id"`
	Status           string    `db:"status" json:"status"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

type Refund struct {
	ID              string    `db:"id" json:"id"`
	PaymentID       string    `db:"payment_id" json:"payment_id"`
	AmountCents     int64     `db:"amount_cents" json:"amount_cents"`
	GatewayRefundID string    `db:"gateway_refund_id" json:"gateway_refund_id"`
	Reason          string    `db:"reason" json:"reason"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
}

type Mandate struct {
	ID            string    `db:"id" json:"id"`
	AccountID     string    `db:"account_id" json:"account_id"`
	MandateRef    string    `db:"mandate_ref" json:"mandate_ref"`
	IBANLast4     string    `db:"iban_last4" json:"iban_last4"`
	Status        string    `db:"status" json:"status"`
	BankMandateID *string   `db:"bank_mandate_id" json:"bank_mandate_id,omitempty"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
}

type Collection struct {
	EndToEndID  string    `db:"end_to_end_id" json:"end_to_end_id"`
	AccountID   string    `db:"account_id" json:"account_id"`
	BillID      string    `db:"bill_id" json:"bill_id"`
	MandateID   string    `db:"mandate_id" json:"mandate_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Status      string    `db:"status" json:"status"`
	Attempt     int       `db:"attempt" json:"attempt"`
	BankRef     *string   `db:"bank_ref" json:"bank_ref,omitempty"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type WorkOrderKind string

const (
	WorkOrderDisconnect WorkOrderKind = "disconnect"
	WorkOrderReconnect  WorkOrderKind = "reconnect"
	WorkOrderReadVisit  WorkOrderKind = "read_visit"
)

type WorkOrder struct {
	ID             string        `db:"id" json:"id"`
	AccountID      string        `db:"account_id" json:"account_id"`
	MeterID        string        `db:"meter_id" json:"meter_id"`
	Kind           WorkOrderKind `db:"kind" json:"kind"`
	ReasonRef      string        `db:"reason_ref" json:"reason_ref"`
	Status         string        `db:"status" json:"status"`
	PartnerOrderID *string       `db:"partner_order_id" json:"partner_order_id,omitempty"`
	ScheduledFor   *time.Time    `db:"scheduled_for" json:"scheduled_for,omitempty"`
	CreatedAt      time.Time     `db:"created_at" json:"created_at"`
}

type ReminderChannel string

const (
	ChannelEmail  ReminderChannel = "email"
	ChannelLetter ReminderChannel = "letter"
)

type Reminder struct {
	ID          string          `db:"id" json:"id"`
	AccountID   string          `db:"account_id" json:"account_id"`
	BillID      string          `db:"bill_id" json:"bill_id"`
	Channel     ReminderChannel `db:"channel" json:"channel"`
	Stage       int             `db:"stage" json:"stage"`
	LetterRef   *string         `db:"letter_ref" json:"letter_ref,omitempty"`
	ProviderRef *string         `db:"provider_ref" json:"provider_ref,omitempty"`
	Status      string          `db:"status" json:"status"`
	CreatedAt   time.Time       `db:"created_at" json:"created_at"`
}

type Notification struct {
	ID                string    `db:"id" json:"id"`
	AccountID         string    `db:"account_id" json:"account_id"`
	BillID            string    `db:"bill_id" json:"bill_id"`
	Kind              string    `db:"kind" json:"kind"`
	Channel           string    `db:"channel" json:"channel"`
	ProviderMessageID string    `db:"provider_message_id" json:"provider_message_id"`
	SentAt            time.Time `db:"sent_at" json:"sent_at"`
}

type SupplyContract struct {
	ID        string    `db:"id" json:"id"`
	AccountID string    `db:"account_id" json:"account_id"`
	PremiseID string    `db:"premise_id" json:"premise_id"`
	Utility   Utility   `db:"utility" json:"utility"`
	StartDate time.Time `db:"start_date" json:"start_date"`
	Tariff    string    `db:"tariff" json:"tariff"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
}
