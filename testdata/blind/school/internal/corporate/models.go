// Package corporate invoices B2B clients for in-company training. It uses
// gorm over the same Postgres database as the rest of the service.
package corporate

import (
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Client is a company buying training.
type Client struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	Name             string
	VATNumber        string `gorm:"column:vat_number"`
	BillingEmail     string
	PaymentTermsDays int
	CreatedAt        time.Time
}

func (Client) TableName() string { return "corporate_clients" }

// Contract sets the rate for a client's training programme.
type Contract struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	ClientID        uuid.UUID `gorm:"type:uuid"`
	Client          Client    `gorm:"foreignKey:ClientID"`
	Reference       string
	HourlyRateCents int64
	Currency        string
	VATRateBP       int `gorm:"column:vat_rate_bp"`
	StartsOn        time.Time
	EndsOn          *time.Time
	CreatedAt       time.Time
}

func (Contract) TableName() string { return "corporate_contracts" }

// Session is a delivered training session.
type Session struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	ContractID  uuid.UUID `gorm:"type:uuid"`
	DeliveredOn time.Time
	Hours       float64
	TrainerID   string
	InvoiceID   *uuid.UUID `gorm:"type:uuid"`
}

func (Session) TableName() string { return "corporate_sessions" }

// Invoice statuses.
const (
	InvoiceDraft  = "draft"
	InvoiceIssued = "issued"
	InvoicePaid   = "paid"
)

// Invoice bills a contract for a period.
type Invoice struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	ContractID    uuid.UUID `gorm:"type:uuid"`
	Number        *string
	PeriodStart   time.Time
	PeriodEnd     time.Time
	Status        string
	Currency      string
	SubtotalCents int64
	TaxCents      int64
	TotalCents    int64
	PaidCents     int64
	DueOn         *time.Time
	IssuedAt      *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Lines         []InvoiceLine `gorm:"foreignKey:InvoiceID"`
}

func (Invoice) TableName() string { return "corporate_invoices" }

// BeforeCreate assigns the primary key.
func (i *Invoice) BeforeCreate(*gorm.DB) error {
	if i.ID == uuid.Nil {
		i.ID = uuid.New()
	}
	return nil
}

// InvoiceLine is one billed session.
type InvoiceLine struct {
	ID          uuid.UUID  `gorm:"type:uuid;primaryKey"`
	InvoiceID   uuid.UUID  `gorm:"type:uuid"`
	SessionID   *uuid.UUID `gorm:"type:uuid"`
	Description string
	Hours       float64
	UnitCents   int64
	AmountCents int64
}

func (InvoiceLine) TableName() string { return "corporate_invoice_lines" }

// BeforeCreate assigns the primary key.
func (l *InvoiceLine) BeforeCreate(*gorm.DB) error {
	if l.ID == uuid.Nil {
		l.ID = uuid.New()
	}
	return nil
}

// LedgerEntry is a movement on the client's account: invoices debit it,
// remittances credit it.
type LedgerEntry struct {
	ID          uuid.UUID  `gorm:"type:uuid;primaryKey"`
	ClientID    uuid.UUID  `gorm:"type:uuid"`
	InvoiceID   *uuid.UUID `gorm:"type:uuid"`
	Kind        string
	AmountCents int64
	Currency    string
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "corporate_ledger_entries" }

// BeforeCreate assigns the primary key.
func (e *LedgerEntry) BeforeCreate(*gorm.DB) error {
	if e.ID == uuid.Nil {
		e.ID = uuid.New()
	}
	return nil
}

// Remittance is a bank transfer received against an invoice.
type Remittance struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID     uuid.UUID `gorm:"type:uuid"`
	BankReference string
	AmountCents   int64
	ReceivedOn    time.Time
	CreatedAt     time.Time
}

func (Remittance) TableName() string { return "corporate_remittances" }

// BeforeCreate assigns the primary key.
func (r *Remittance) BeforeCreate(*gorm.DB) error {
	if r.ID == uuid.Nil {
		r.ID = uuid.New()
	}
	return nil
}
