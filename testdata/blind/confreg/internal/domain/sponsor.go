package domain

import (
	"time"

	"github.com/google/uuid"
)

// Instalment statuses.
const (
	InstalmentScheduled  = "scheduled"
	InstalmentBilling    = "billing"
	InstalmentProcessing = "processing"
	InstalmentPaid       = "paid"
	InstalmentFailed     = "failed"
)

// Sponsor is a company buying packages.
type Sponsor struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	Name           string
	BillingEmail   string
	CardCustomerID *string
	CreatedAt      time.Time
}

// SponsorPackage is a sellable sponsorship tier for a conference.
type SponsorPackage struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	ConferenceID uuid.UUID `gorm:"type:uuid"`
	Code         string
	Name         string
	PriceCents   int64
	Instalments  int
	Slots        int
	Sold         int
	SignageSKU   string `gorm:"column:signage_sku"`
}

// Sponsorship is a sponsor's purchase of a package.
type Sponsorship struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	SponsorID        uuid.UUID `gorm:"type:uuid"`
	PackageID        uuid.UUID `gorm:"type:uuid"`
	ConferenceID     uuid.UUID `gorm:"type:uuid"`
	TotalCents       int64
	Currency         string
	Status           string
	SignageJobID     *string
	SignageOrderedAt *time.Time
	CreatedAt        time.Time
}

// Instalment is one invoiced part of a sponsorship's total.
type Instalment struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	SponsorshipID    uuid.UUID `gorm:"type:uuid"`
	Seq              int
	DueOn            time.Time `gorm:"type:date"`
	AmountCents      int64
	PaidCents        int64
	Status           string
	InvoiceNumber    string
	ProviderChargeID *string
	UpdatedAt        time.Time
}

// TableName maps Instalment onto the sponsor_instalments table.
func (Instalment) TableName() string { return "sponsor_instalments" }

// Outstanding is what is still owed on the instalment.
func (i Instalment) Outstanding() int64 { return i.AmountCents - i.PaidCents }

// SponsorPayment is money received against an instalment.
type SponsorPayment struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	InstalmentID uuid.UUID `gorm:"type:uuid"`
	Method       string
	AmountCents  int64
	Reference    string
	ReceivedOn   time.Time `gorm:"type:date"`
	RecordedBy   string
	CreatedAt    time.Time
}
