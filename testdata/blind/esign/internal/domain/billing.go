package domain

import "time"

// Billing modes for accounts.
const (
	BillingCard    = "card"
	BillingInvoice = "invoice"
)

// Account is a business customer.
type Account struct {
	ID                    string    `db:"id"`
	Name                  string    `db:"name"`
	BillingMode           string    `db:"billing_mode"`
	BillingEmail          string    `db:"billing_email"`
	Currency              string    `db:"currency"`
	PerEnvelopeCents      int       `db:"per_envelope_cents"`
	StripeCustomerID      *string   `db:"stripe_customer_id"`
	StripePaymentMethodID *string   `db:"stripe_payment_method_id"`
	CreatedAt             time.Time `db:"created_at"`
}

// CanChargeCard reports whether the account has a card on file.
func (a Account) CanChargeCard() bool {
	return a.StripeCustomerID != nil && a.StripePaymentMethodID != nil
}

// UsageRecord is one billable unit (a sent envelope).
type UsageRecord struct {
	ID         string    `db:"id"`
	AccountID  string    `db:"account_id"`
	EnvelopeID string    `db:"envelope_id"`
	Quantity   int       `db:"quantity"`
	UnitCents  int       `db:"unit_cents"`
	InvoiceID  *string   `db:"invoice_id"`
	CreatedAt  time.Time `db:"created_at"`
}

// TableName implements store.Table.
func (UsageRecord) TableName() string { return "usage_records" }

// CreditEntry is a movement on an account's prepaid envelope credits.
type CreditEntry struct {
	ID        string    `db:"id"`
	AccountID string    `db:"account_id"`
	Delta     int       `db:"delta"`
	Reason    string    `db:"reason"`
	Ref       string    `db:"ref"`
	CreatedAt time.Time `db:"created_at"`
}

// TableName implements store.Table.
func (CreditEntry) TableName() string { return "envelope_credits" }

// Charge is a card payment taken through Stripe.
type Charge struct {
	ID                    string    `db:"id"`
	AccountID             string    `db:"account_id"`
	Purpose               string    `db:"purpose"`
	EnvelopeID            *string   `db:"envelope_id"`
	InvoiceID             *string   `db:"invoice_id"`
	AmountCents           int64     `db:"amount_cents"`
	Currency              string    `db:"currency"`
	StripePaymentIntentID string    `db:"stripe_payment_intent_id"`
	Status                string    `db:"status"`
	RefundedCents         int64     `db:"refunded_cents"`
	CreatedAt             time.Time `db:"created_at"`
}

// TableName implements store.Table.
func (Charge) TableName() string { return "charges" }

// BalanceAdjustment records money returned to or owed by an account.
type BalanceAdjustment struct {
	ID          string    `db:"id"`
	AccountID   string    `db:"account_id"`
	ChargeID    *string   `db:"charge_id"`
	AmountCents int64     `db:"amount_cents"`
	Reason      string    `db:"reason"`
	CreatedAt   time.Time `db:"created_at"`
}

// TableName implements store.Table.
func (BalanceAdjustment) TableName() string { return "balance_adjustments" }

// Invoice statuses.
const (
	InvoiceDraft = "draft"
	InvoiceOpen  = "open"
	InvoicePaid  = "paid"
)

// Invoice is the monthly bill of an invoice-mode account.
type Invoice struct {
	ID          string     `db:"id"`
	AccountID   string     `db:"account_id"`
	PeriodStart time.Time  `db:"period_start"`
	PeriodEnd   time.Time  `db:"period_end"`
	Number      *string    `db:"number"`
	Status      string     `db:"status"`
	Currency    string     `db:"currency"`
	TotalCents  int64      `db:"total_cents"`
	IssuedAt    *time.Time `db:"issued_at"`
	PaidAt      *time.Time `db:"paid_at"`
	CreatedAt   time.Time  `db:"created_at"`
}

// InvoiceLine is one line on an invoice.
type InvoiceLine struct {
	ID          string  `db:"id"`
	InvoiceID   string  `db:"invoice_id"`
	UsageID     *string `db:"usage_id"`
	Description string  `db:"description"`
	Quantity    int     `db:"quantity"`
	UnitCents   int     `db:"unit_cents"`
	AmountCents int64   `db:"amount_cents"`
}

// TableName implements store.Table.
func (InvoiceLine) TableName() string { return "invoice_lines" }
