package domain

import "time"

// Invoice statuses.
const (
	InvoiceIssued = "issued"
	InvoicePaid   = "paid"
	InvoiceVoid   = "void"
)

// Autocharge states on an invoice.
const (
	AutochargeNone     = "none"
	AutochargeCharging = "charging"
	AutochargeCharged  = "charged"
	AutochargeFailed   = "failed"
)

// LineAccount is a shipping line's billing account.
type LineAccount struct {
	LineCode             string `gorm:"primaryKey"`
	Name                 string
	BillingEmail         string
	StripeCustomerID     string
	DefaultPaymentMethod string
	Autocharge           bool
	BalanceCents         int64
	Currency             string
}

func (LineAccount) TableName() string { return "line_accounts" }

// DemurrageAccrual is one chargeable day for one container.
type DemurrageAccrual struct {
	ID          int64 `gorm:"primaryKey;autoIncrement"`
	ContainerNo string
	LineCode    string
	AccrualDate time.Time `gorm:"type:date"`
	AmountCents int64
	InvoiceID   *string
	CreatedAt   time.Time
}

func (DemurrageAccrual) TableName() string { return "demurrage_accruals" }

// Invoice is a monthly demurrage invoice for one line.
type Invoice struct {
	ID               string     `gorm:"primaryKey;type:uuid" json:"id"`
	Number           string     `json:"number"`
	LineCode         string     `json:"line_code"`
	Period           string     `json:"period"` // YYYY-MM
	TotalCents       int64      `json:"total_cents"`
	Currency         string     `json:"currency"`
	Status           string     `json:"status"`
	AutochargeStatus string     `json:"autocharge_status"`
	PaymentIntentID  *string    `json:"payment_intent_id,omitempty"`
	SentAt           *time.Time `json:"sent_at,omitempty"`
	PaidAt           *time.Time `json:"paid_at,omitempty"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
}

func (Invoice) TableName() string { return "invoices" }

// InvoiceLine links an accrual to the invoice that billed it.
type InvoiceLine struct {
	ID          int64 `gorm:"primaryKey;autoIncrement"`
	InvoiceID   string
	AccrualID   int64
	ContainerNo string
	AccrualDate time.Time `gorm:"type:date"`
	AmountCents int64
}

func (InvoiceLine) TableName() string { return "invoice_lines" }

// Payment is a card payment attempt against an invoice.
type Payment struct {
	ID              string    `gorm:"primaryKey;type:uuid" json:"id"`
	InvoiceID       string    `json:"invoice_id"`
	PaymentIntentID string    `json:"payment_intent_id"`
	AttemptRef      string    `json:"attempt_ref"`
	AmountCents     int64     `json:"amount_cents"`
	Currency        string    `json:"currency"`
	Status          string    `json:"status"`
	ClientSecret    string    `gorm:"-" json:"client_secret,omitempty"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
}

func (Payment) TableName() string { return "payments" }

// CreditNote reduces an invoice and refunds the card payment behind it.
type CreditNote struct {
	ID          string    `gorm:"primaryKey;type:uuid" json:"id"`
	InvoiceID   string    `json:"invoice_id"`
	RequestRef  string    `json:"request_ref"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
	RefundID    *string   `json:"refund_id,omitempty"`
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

func (CreditNote) TableName() string { return "credit_notes" }

// StripeEvent records a processed Stripe webhook event.
type StripeEvent struct {
	EventID     string `gorm:"primaryKey"`
	Type        string
	ProcessedAt time.Time
}

func (StripeEvent) TableName() string { return "stripe_events" }
