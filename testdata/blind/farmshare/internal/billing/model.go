// Package billing charges members for their weekly boxes, retries failed
// payments and processes the card processor's webhooks.
package billing

import "time"

// Invoice statuses.
const (
	InvoiceOpen          = "open"
	InvoicePaid          = "paid"
	InvoiceFailed        = "failed"
	InvoiceUncollectible = "uncollectible"
)

// MaxAttempts is how many times an invoice is charged before giving up.
const MaxAttempts = 4

// Invoice is one subscription-week's bill.
type Invoice struct {
	ID                 string     `db:"id" json:"id"`
	SubscriptionID     string     `db:"subscription_id" json:"subscription_id"`
	MemberID           string     `db:"member_id" json:"member_id"`
	WeekStart          time.Time  `db:"week_start" json:"week_start"`
	AmountCents        int64      `db:"amount_cents" json:"amount_cents"`
	CreditAppliedCents int64      `db:"credit_applied_cents" json:"credit_applied_cents"`
	Status             string     `db:"status" json:"status"`
	Attempts           int        `db:"attempts" json:"attempts"`
	NextRetryAt        *time.Time `db:"next_retry_at" json:"next_retry_at,omitempty"`
	ChargeID           *string    `db:"charge_id" json:"charge_id,omitempty"`
	CreatedAt          time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt          time.Time  `db:"updated_at" json:"updated_at"`
}

// Due is what remains to be charged.
func (i Invoice) Due() int64 {
	if d := i.AmountCents - i.CreditAppliedCents; d > 0 {
		return d
	}
	return 0
}

// Attempt is one charge attempt.
type Attempt struct {
	ID          string    `db:"id"`
	InvoiceID   string    `db:"invoice_id"`
	Attempt     int       `db:"attempt"`
	ChargeID    *string   `db:"charge_id"`
	Outcome     string    `db:"outcome"`
	DeclineCode *string   `db:"decline_code"`
	CreatedAt   time.Time `db:"created_at"`
}

// PaymentProfile is the card on file for a member.
type PaymentProfile struct {
	MemberID      string  `db:"member_id"`
	CustomerID    *string `db:"cardpay_customer_id"`
	PaymentMethod *string `db:"payment_method_id"`
}

// BillableWeek is a subscription-week to invoice.
type BillableWeek struct {
	SubscriptionID string `db:"subscription_id"`
	MemberID       string `db:"member_id"`
	PriceCents     int64  `db:"price_cents"`
}

// retrySchedule is the wait before attempt n+1 after attempt n failed.
var retrySchedule = map[int]time.Duration{
	1: 24 * time.Hour,
	2: 48 * time.Hour,
	3: 72 * time.Hour,
}
