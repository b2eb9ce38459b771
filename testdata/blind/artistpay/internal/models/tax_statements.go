package models

import "time"

// Tax form statuses.
const (
	FormRequested = "requested"
	FormCompleted = "completed"
	FormRejected  = "rejected"
)

// TaxForm is a W-9 or W-8BEN collected through the tax provider.
type TaxForm struct {
	ID                string `gorm:"primaryKey;type:uuid"`
	ArtistID          string
	FormType          string
	TaxYear           int
	ExternalReference string
	ProviderRequestID *string
	ProviderFormID    *string
	Status            string
	SignedAt          *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (TaxForm) TableName() string { return "tax_forms" }

// TaxFormReminder is one reminder email about a missing tax form.
type TaxFormReminder struct {
	ID                string `gorm:"primaryKey"`
	ArtistID          string
	TaxYear           int
	Seq               int
	Status            string
	ProviderMessageID *string
	CreatedAt         time.Time
	SentAt            *time.Time
}

func (TaxFormReminder) TableName() string { return "tax_form_reminders" }

// Statement summarises an artist's earnings for a month.
type Statement struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	ArtistID       string
	Period         string
	GrossMicros    int64
	RecoupedMicros int64
	NetMicros      int64
	Currency       string
	Status         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Statement) TableName() string { return "statements" }

// StatementDelivery records that a statement went out on a channel.
type StatementDelivery struct {
	StatementID       string `gorm:"primaryKey;type:uuid"`
	Channel           string `gorm:"primaryKey"`
	ProviderMessageID string
	SentAt            time.Time
}

func (StatementDelivery) TableName() string { return "statement_deliveries" }
