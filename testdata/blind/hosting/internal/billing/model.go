// Package billing owns subscriptions, invoices, payments, refunds, credits
// and coupons.
package billing

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Invoice statuses.
const (
	InvoiceDraft   = "draft"
	InvoiceOpen    = "open"
	InvoicePaid    = "paid"
	InvoicePastDue = "past_due"
	InvoiceVoid    = "void"
)

// Payment statuses.
const (
	PaymentPending   = "pending"
	PaymentSucceeded = "succeeded"
	PaymentFailed    = "failed"
)

// Subscription bills a server's plan monthly.
type Subscription struct {
	ServerID     uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID   uuid.UUID `gorm:"type:uuid"`
	PlanID       string
	MonthlyCents int64
	StartedAt    time.Time
	EndedAt      *time.Time
}

// TableName implements gorm's tabler.
func (Subscription) TableName() string { return "subscriptions" }

// Invoice is a customer's monthly bill.
type Invoice struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID         uuid.UUID `gorm:"type:uuid"`
	Period             string
	Status             string
	Currency           string
	SubtotalCents      int64
	CreditAppliedCents int64
	TotalCents         int64
	AmountPaidCents    int64
	DueAt              *time.Time
	FinalizedAt        *time.Time
	CreatedAt          time.Time
	Lines              []InvoiceLine `gorm:"foreignKey:InvoiceID"`
}

// TableName implements gorm's tabler.
func (Invoice) TableName() string { return "invoices" }

// BeforeCreate assigns the invoice id.
func (i *Invoice) BeforeCreate(*gorm.DB) error {
	if i.ID == uuid.Nil {
		i.ID = uuid.New()
	}
	return nil
}

// AmountDue is what remains to be collected.
func (i *Invoice) AmountDue() int64 { return i.TotalCents - i.AmountPaidCents }

// InvoiceLine is one charge on an invoice.
type InvoiceLine struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID   uuid.UUID `gorm:"type:uuid"`
	Description string
	Quantity    float64
	UnitCents   int64
	AmountCents int64
	SourceRef   *string
	CreatedAt   time.Time
}

// TableName implements gorm's tabler.
func (InvoiceLine) TableName() string { return "invoice_lines" }

// BeforeCreate assigns the line id.
func (l *InvoiceLine) BeforeCreate(*gorm.DB) error {
	if l.ID == uuid.Nil {
		l.ID = uuid.New()
	}
	return nil
}

// Payment is one attempt to collect an invoice.
type Payment struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID      uuid.UUID `gorm:"type:uuid"`
	CustomerID     uuid.UUID `gorm:"type:uuid"`
	Attempt        int
	AmountCents    int64
	Currency       string
	IdempotencyKey string
	ProviderRef    *string
	Status         string
	FailureCode    *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// TableName implements gorm's tabler.
func (Payment) TableName() string { return "payments" }

// BeforeCreate assigns the id and the provider key of the attempt.
func (p *Payment) BeforeCreate(*gorm.DB) error {
	if p.ID == uuid.Nil {
		p.ID = uuid.New()
	}
	if p.IdempotencyKey == "" {
		p.IdempotencyKey = fmt.Sprintf("inv_%s_%d", p.InvoiceID, p.Attempt)
	}
	if p.Status == "" {
		p.Status = PaymentPending
	}
	return nil
}

// Refund returns money for a payment.
type Refund struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	PaymentID   uuid.UUID `gorm:"type:uuid"`
	AmountCents int64
	Reason      string
	ProviderRef string
	Status      string
	CreatedAt   time.Time
}

// TableName implements gorm's tabler.
func (Refund) TableName() string { return "refunds" }

// BeforeCreate assigns the refund id.
func (r *Refund) BeforeCreate(*gorm.DB) error {
	if r.ID == uuid.Nil {
		r.ID = uuid.New()
	}
	return nil
}

// Credit is a grant added to a customer's balance.
type Credit struct {
	ID          string    `gorm:"primaryKey"`
	CustomerID  uuid.UUID `gorm:"type:uuid"`
	AmountCents int64
	Reason      string
	Source      string
	CreatedBy   *string
	ExpiresAt   *time.Time
	CreatedAt   time.Time
}

// TableName implements gorm's tabler.
func (Credit) TableName() string { return "credits" }

// Coupon is a promotional code worth a fixed credit.
type Coupon struct {
	Code           string `gorm:"primaryKey"`
	CreditCents    int64
	MaxRedemptions *int
	RedeemedCount  int
	ExpiresAt      *time.Time
	Active         bool
}

// TableName implements gorm's tabler.
func (Coupon) TableName() string { return "coupons" }

// CouponRedemption marks that a customer used a coupon.
type CouponRedemption struct {
	CouponCode string    `gorm:"primaryKey"`
	CustomerID uuid.UUID `gorm:"type:uuid;primaryKey"`
	CreditID   string
	RedeemedAt time.Time
}

// TableName implements gorm's tabler.
func (CouponRedemption) TableName() string { return "coupon_redemptions" }

// Period formats the billing period containing t, e.g. "2025-03".
func Period(t time.Time) string { return t.UTC().Format("2006-01") }
