package domain

import "time"

// Hold statuses.
const (
	HoldPending    = "pending"
	HoldAuthorized = "authorized"
	HoldCaptured   = "captured"
	HoldReleased   = "released"
	HoldFailed     = "failed"
)

// PaymentHold is the deposit authorised when a customer accepts a quote.
type PaymentHold struct {
	ID              string     `db:"id" json:"id"`
	JobID           string     `db:"job_id" json:"job_id"`
	QuoteID         string     `db:"quote_id" json:"quote_id"`
	AmountCents     int64      `db:"amount_cents" json:"amount_cents"`
	Currency        string     `db:"currency" json:"currency"`
	PaymentIntentID *string    `db:"payment_intent_id" json:"payment_intent_id,omitempty"`
	Status          string     `db:"status" json:"status"`
	CapturedCents   int64      `db:"captured_cents" json:"captured_cents"`
	RefundedCents   int64      `db:"refunded_cents" json:"refunded_cents"`
	ExpiresAt       *time.Time `db:"expires_at" json:"expires_at,omitempty"`
	CreatedAt       time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time  `db:"updated_at" json:"updated_at"`
}

// HoldIDForQuote is the hold id for a quote: one hold per accepted quote.
func HoldIDForQuote(quoteID string) string { return "hold_" + quoteID }

// Refundable is what remains on a captured hold.
func (h *PaymentHold) Refundable() int64 { return h.CapturedCents - h.RefundedCents }

// Refund statuses.
const (
	RefundPending   = "pending"
	RefundSucceeded = "succeeded"
	RefundFailed    = "failed"
)

// Refund is a support-initiated refund against a captured deposit.
type Refund struct {
	ID             string    `db:"id" json:"id"`
	HoldID         string    `db:"hold_id" json:"hold_id"`
	AmountCents    int64     `db:"amount_cents" json:"amount_cents"`
	Reason         string    `db:"reason" json:"reason"`
	RequestedBy    string    `db:"requested_by" json:"requested_by"`
	Status         string    `db:"status" json:"status"`
	StripeRefundID *string   `db:"stripe_refund_id" json:"stripe_refund_id,omitempty"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time `db:"updated_at" json:"updated_at"`
}

// Payout statuses.
const (
	PayoutPending = "pending"
	PayoutPaid    = "paid"
	PayoutFailed  = "failed"
)

// Payout is a technician's earnings for one job.
type Payout struct {
	ID               string     `db:"id"`
	JobID            string     `db:"job_id"`
	TechnicianID     string     `db:"technician_id"`
	AmountCents      int64      `db:"amount_cents"`
	Currency         string     `db:"currency"`
	Status           string     `db:"status"`
	StripeTransferID *string    `db:"stripe_transfer_id"`
	CreatedAt        time.Time  `db:"created_at"`
	PaidAt           *time.Time `db:"paid_at"`
}

// LedgerEntry is one line of the double-entry money ledger.
type LedgerEntry struct {
	ID          string    `db:"id"`
	Account     string    `db:"account"`
	JobID       *string   `db:"job_id"`
	Kind        string    `db:"kind"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
	Reference   string    `db:"reference"`
	CreatedAt   time.Time `db:"created_at"`
}

// Ledger accounts.
const (
	AccountPlatformRevenue = "platform:revenue"
	AccountCustomerCredit  = "customer:credit"
)

// TechnicianAccount is the ledger account for a technician's earnings.
func TechnicianAccount(id string) string { return "technician:" + id }

// Invoice is the final bill for a job.
type Invoice struct {
	ID                string     `db:"id"`
	JobID             string     `db:"job_id"`
	AmountCents       int64      `db:"amount_cents"`
	Currency          string     `db:"currency"`
	InsurerInvoiceRef *string    `db:"insurer_invoice_ref"`
	SentAt            *time.Time `db:"sent_at"`
	CreatedAt         time.Time  `db:"created_at"`
}

// PlatformFeeBasisPoints is the marketplace commission.
const PlatformFeeBasisPoints = 1500

// PlatformFee returns the commission on amount.
func PlatformFee(amount int64) int64 { return amount * PlatformFeeBasisPoints / 10000 }
