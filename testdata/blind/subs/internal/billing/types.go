// Package billing holds the core billing entities and the repository
// contracts the services depend on. Storage implementations live in
// internal/storage.
package billing

import (
	"database/sql"
	"encoding/json"
	"time"
)

type SubscriptionStatus string

const (
	SubscriptionPending  SubscriptionStatus = "pending"
	SubscriptionActive   SubscriptionStatus = "active"
	SubscriptionPastDue  SubscriptionStatus = "past_due"
	SubscriptionCanceled SubscriptionStatus = "canceled"
)

type InvoiceStatus string

const (
	InvoiceDraft InvoiceStatus = "draft"
	InvoiceOpen  InvoiceStatus = "open"
	InvoicePaid  InvoiceStatus = "paid"
	InvoiceVoid  InvoiceStatus = "void"
)

type AttemptStatus string

const (
	AttemptPending   AttemptStatus = "pending"
	AttemptSucceeded AttemptStatus = "succeeded"
	AttemptFailed    AttemptStatus = "failed"
)

type Customer struct {
	ID               string         `db:"id" json:"id"`
	Email            string         `db:"email" json:"email"`
	Name             string         `db:"name" json:"name"`
	StripeCustomerID sql.NullString `db:"stripe_customer_id" json:"-"`
	BalanceCents     int64          `db:"balance_cents" json:"balance_cents"`
	CreatedAt        time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time      `db:"updated_at" json:"-"`
}

type Subscription struct {
	ID                 string             `db:"id" json:"id"`
	CustomerID         string             `db:"customer_id" json:"customer_id"`
	PlanID             string             `db:"plan_id" json:"plan_id"`
	Status             SubscriptionStatus `db:"status" json:"status"`
	CurrentPeriodStart time.Time          `db:"current_period_start" json:"current_period_start"`
	CurrentPeriodEnd   time.Time          `db:"current_period_end" json:"current_period_end"`
	CancelAtPeriodEnd  bool               `db:"cancel_at_period_end" json:"cancel_at_period_end"`
	CanceledAt         sql.NullTime       `db:"canceled_at" json:"-"`
	Version            int                `db:"version" json:"version"`
	CreatedAt          time.Time          `db:"created_at" json:"created_at"`
	UpdatedAt          time.Time          `db:"updated_at" json:"-"`
}

type Invoice struct {
	ID              string         `db:"id" json:"id"`
	Number          sql.NullString `db:"number" json:"-"`
	CustomerID      string         `db:"customer_id" json:"customer_id"`
	SubscriptionID  string         `db:"subscription_id" json:"subscription_id"`
	Status          InvoiceStatus  `db:"status" json:"status"`
	Currency        string         `db:"currency" json:"currency"`
	SubtotalCents   int64          `db:"subtotal_cents" json:"subtotal_cents"`
	TaxCents        int64          `db:"tax_cents" json:"tax_cents"`
	CreditsApplied  int64          `db:"credits_applied" json:"credits_applied"`
	CreditsReleased bool           `db:"credits_released" json:"-"`
	TotalCents      int64          `db:"total_cents" json:"total_cents"`
	AmountPaidCents int64          `db:"amount_paid_cents" json:"amount_paid_cents"`
	AmountRefunded  int64          `db:"amount_refunded" json:"amount_refunded"`
	PeriodStart     time.Time      `db:"period_start" json:"period_start"`
	PeriodEnd       time.Time      `db:"period_end" json:"period_end"`
	FinalizedAt     sql.NullTime   `db:"finalized_at" json:"-"`
	PaidAt          sql.NullTime   `db:"paid_at" json:"-"`
	VoidedAt        sql.NullTime   `db:"voided_at" json:"-"`
	CreatedAt       time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at" json:"-"`
}

// AmountDue is what the customer still owes after credits.
func (i Invoice) AmountDue() int64 {
	due := i.TotalCents - i.CreditsApplied - i.AmountPaidCents
	if due < 0 {
		return 0
	}
	return due
}

type InvoiceItem struct {
	ID             string         `db:"id"`
	InvoiceID      sql.NullString `db:"invoice_id"`
	SubscriptionID string         `db:"subscription_id"`
	Kind           string         `db:"kind"`
	Description    string         `db:"description"`
	Quantity       int64          `db:"quantity"`
	AmountCents    int64          `db:"amount_cents"`
	CreatedAt      time.Time      `db:"created_at"`
}

type PaymentAttempt struct {
	ID                  string         `db:"id"`
	InvoiceID           string         `db:"invoice_id"`
	Kind                string         `db:"kind"`
	ClientRef           string         `db:"client_ref"`
	AmountCents         int64          `db:"amount_cents"`
	Currency            string         `db:"currency"`
	Status              AttemptStatus  `db:"status"`
	StripePaymentIntent sql.NullString `db:"stripe_payment_intent"`
	FailureCode         sql.NullString `db:"failure_code"`
	CreatedAt           time.Time      `db:"created_at"`
	UpdatedAt           time.Time      `db:"updated_at"`
}

type Refund struct {
	ID             string    `db:"id"`
	InvoiceID      string    `db:"invoice_id"`
	StripeRefundID string    `db:"stripe_refund_id"`
	AmountCents    int64     `db:"amount_cents"`
	Reason         string    `db:"reason"`
	CreatedAt      time.Time `db:"created_at"`
}

type LedgerEntry struct {
	ID          string         `db:"id"`
	CustomerID  string         `db:"customer_id"`
	InvoiceID   sql.NullString `db:"invoice_id"`
	Account     string         `db:"account"`
	AmountCents int64          `db:"amount_cents"`
	Memo        string         `db:"memo"`
	CreatedAt   time.Time      `db:"created_at"`
}

type UsageRecord struct {
	ID             string         `db:"id"`
	SubscriptionID string         `db:"subscription_id"`
	Metric         string         `db:"metric"`
	Quantity       int64          `db:"quantity"`
	Source         string         `db:"source"`
	DedupKey       sql.NullString `db:"dedup_key"`
	OccurredAt     time.Time      `db:"occurred_at"`
	IngestedAt     time.Time      `db:"ingested_at"`
}

type OutboxMessage struct {
	ID          string          `db:"id"`
	Subject     string          `db:"subject"`
	Payload     json.RawMessage `db:"payload"`
	PublishedAt sql.NullTime    `db:"published_at"`
	CreatedAt   time.Time       `db:"created_at"`
}

type DunningCase struct {
	InvoiceID     string         `db:"invoice_id"`
	CustomerID    string         `db:"customer_id"`
	Status        string         `db:"status"`
	Attempts      int            `db:"attempts"`
	LastFailure   sql.NullString `db:"last_failure"`
	NextAttemptAt sql.NullTime   `db:"next_attempt_at"`
	CreatedAt     time.Time      `db:"created_at"`
	UpdatedAt     time.Time      `db:"updated_at"`
}

type WebhookEndpoint struct {
	ID         string    `db:"id" json:"id"`
	CustomerID string    `db:"customer_id" json:"customer_id"`
	URL        string    `db:"url" json:"url"`
	Secret     string    `db:"secret" json:"secret,omitempty"`
	EventTypes []string  `db:"-" json:"event_types"`
	Disabled   bool      `db:"disabled" json:"disabled"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}

type WebhookEvent struct {
	ID          string          `db:"id"`
	EndpointID  string          `db:"endpoint_id"`
	EventType   string          `db:"event_type"`
	Payload     json.RawMessage `db:"payload"`
	Status      string          `db:"status"`
	DeliveredAt sql.NullTime    `db:"delivered_at"`
	CreatedAt   time.Time       `db:"created_at"`
}

type TaxCalculation struct {
	InvoiceID    string    `db:"invoice_id"`
	Revision     int       `db:"revision"`
	PartnerTxnID string    `db:"partner_txn_id"`
	TaxCents     int64     `db:"tax_cents"`
	Jurisdiction string    `db:"jurisdiction"`
	CalculatedAt time.Time `db:"calculated_at"`
}

// Event subjects published on the INVOICES JetStream stream.
const (
	SubjectInvoiceFinalized     = "invoices.finalized"
	SubjectInvoicePaid          = "invoices.paid"
	SubjectInvoicePaymentFailed = "invoices.payment_failed"
	SubjectInvoiceVoided        = "invoices.voided"
	SubjectSubscriptionCanceled = "subscriptions.canceled"
)

// InvoiceEvent is the JSON body of every invoices.* message.
type InvoiceEvent struct {
	InvoiceID   string    `json:"invoice_id"`
	CustomerID  string    `json:"customer_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	FailureCode string    `json:"failure_code,omitempty"`
	OccurredAt  time.Time `json:"occurred_at"`
}
