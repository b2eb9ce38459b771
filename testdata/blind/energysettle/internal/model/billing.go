package model

import (
	"time"

	"github.com/shopspring/decimal"
)

// Account is a retail customer account.
type Account struct {
	ID            string    `gorm:"primaryKey"`
	AccountNumber string    `gorm:"column:account_number"`
	Name          string    `gorm:"column:name"`
	Email         string    `gorm:"column:email"`
	TariffCode    string    `gorm:"column:tariff_code"`
	CreatedAt     time.Time `gorm:"column:created_at"`
}

func (Account) TableName() string { return "accounts" }

// Tariff is the unit rate and standing charge applied to retail usage.
type Tariff struct {
	Code                string          `gorm:"primaryKey"`
	UnitRatePencePerKWh decimal.Decimal `gorm:"column:unit_rate_pence_per_kwh;type:numeric(8,4)"`
	StandingChargePence decimal.Decimal `gorm:"column:standing_charge_pence;type:numeric(8,4)"`
	VATRate             decimal.Decimal `gorm:"column:vat_rate;type:numeric(5,4)"`
}

func (Tariff) TableName() string { return "tariffs" }

// Invoice statuses.
const (
	InvoiceUnpaid        = "unpaid"
	InvoicePaid          = "paid"
	InvoiceOverdue       = "overdue"
	InvoicePaymentFailed = "payment_failed"
	InvoiceCredited      = "credited"
)

// Invoice is one billing period's bill for an account.
type Invoice struct {
	ID           string    `gorm:"primaryKey"`
	AccountID    string    `gorm:"column:account_id"`
	PeriodStart  time.Time `gorm:"column:period_start;type:date"`
	PeriodEnd    time.Time `gorm:"column:period_end;type:date"`
	TotalPence   int64     `gorm:"column:total_pence"`
	BalancePence int64     `gorm:"column:balance_pence"`
	Status       string    `gorm:"column:status"`
	DueDate      time.Time `gorm:"column:due_date;type:date"`
	CreatedAt    time.Time `gorm:"column:created_at"`
	UpdatedAt    time.Time `gorm:"column:updated_at"`
}

func (Invoice) TableName() string { return "invoices" }

// InvoiceLine is a line on an invoice.
type InvoiceLine struct {
	ID          int64           `gorm:"primaryKey;autoIncrement"`
	InvoiceID   string          `gorm:"column:invoice_id"`
	LineNo      int             `gorm:"column:line_no"`
	Description string          `gorm:"column:description"`
	Quantity    decimal.Decimal `gorm:"column:quantity;type:numeric(14,3)"`
	AmountPence int64           `gorm:"column:amount_pence"`
}

func (InvoiceLine) TableName() string { return "invoice_lines" }

// CreditNote reduces the balance of an invoice.
type CreditNote struct {
	ID          string    `gorm:"primaryKey"`
	InvoiceID   string    `gorm:"column:invoice_id"`
	AmountPence int64     `gorm:"column:amount_pence"`
	Reason      string    `gorm:"column:reason"`
	IssuedBy    string    `gorm:"column:issued_by"`
	CreatedAt   time.Time `gorm:"column:created_at"`
}

func (CreditNote) TableName() string { return "credit_notes" }

// LateFee is charged once when an invoice goes overdue.
type LateFee struct {
	ID          string    `gorm:"primaryKey"`
	InvoiceID   string    `gorm:"column:invoice_id"`
	AmountPence int64     `gorm:"column:amount_pence"`
	CreatedAt   time.Time `gorm:"column:created_at"`
}

func (LateFee) TableName() string { return "late_fees" }

// ManualAdjustment is a one-off debit or credit booked by the billing team.
type ManualAdjustment struct {
	ID          string    `gorm:"primaryKey"`
	AccountID   string    `gorm:"column:account_id"`
	InvoiceID   *string   `gorm:"column:invoice_id"`
	AmountPence int64     `gorm:"column:amount_pence"`
	Reason      string    `gorm:"column:reason"`
	CreatedBy   string    `gorm:"column:created_by"`
	CreatedAt   time.Time `gorm:"column:created_at"`
}

func (ManualAdjustment) TableName() string { return "manual_adjustments" }

// IdempotencyKey stores the outcome of an admin request made with an
// Idempotency-Key header so a repeat returns the original response.
type IdempotencyKey struct {
	Scope        string    `gorm:"primaryKey"`
	Key          string    `gorm:"primaryKey"`
	RequestHash  string    `gorm:"column:request_hash"`
	StatusCode   int       `gorm:"column:status_code"`
	ResponseBody []byte    `gorm:"column:response_body"`
	CreatedAt    time.Time `gorm:"column:created_at"`
}

func (IdempotencyKey) TableName() string { return "idempotency_keys" }
