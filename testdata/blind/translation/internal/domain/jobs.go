// Package domain holds the persistent model of the marketplace.
package domain

import (
	"time"

	"github.com/google/uuid"
)

// Job statuses.
const (
	JobOpen      = "open"
	JobAssigned  = "assigned"
	JobInReview  = "in_review"
	JobApproved  = "approved"
	JobDisputed  = "disputed"
	JobCancelled = "cancelled"
)

// Client is a customer that posts translation jobs.
type Client struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email            string
	Name             string
	CompanyName      string
	VATNumber        string
	BillingAddress   string
	CreditCents      int64
	PaymentMethodRef string
	CreatedAt        time.Time
}

// Translator is a freelance linguist.
type Translator struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email     string
	Name      string
	Phone     string
	Pairs     string
	Sworn     bool
	CreatedAt time.Time
}

// Job is a translation request posted by a client.
type Job struct {
	ID              string    `gorm:"primaryKey"`
	ClientID        uuid.UUID `gorm:"type:uuid"`
	Title           string
	SourceLang      string
	TargetLang      string
	WordCount       int
	BudgetCents     int64
	Currency        string
	Status          string
	Certified       bool
	DeadlineAt      time.Time
	SourceObjectKey string
	AcceptedQuoteID *string
	TranslatorID    *uuid.UUID `gorm:"type:uuid"`
	ApprovedAt      *time.Time
	SettledAt       *time.Time
	InvoicedAt      *time.Time
	LateCreditAt    *time.Time
	CancelledAt     *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// JobEvent is an append-only audit entry for a job.
type JobEvent struct {
	ID        string `gorm:"primaryKey"`
	JobID     string
	Kind      string
	Actor     string
	Detail    string
	CreatedAt time.Time
}

// Quote is a translator's offer on a job.
type Quote struct {
	ID           string `gorm:"primaryKey"`
	JobID        string
	TranslatorID uuid.UUID `gorm:"type:uuid"`
	AmountCents  int64
	Currency     string
	Days         int
	Note         string
	Status       string
	ExpiresAt    time.Time
	RemindedAt   *time.Time
	CreatedAt    time.Time
}

// Quote statuses.
const (
	QuoteSubmitted = "submitted"
	QuoteAccepted  = "accepted"
	QuoteDeclined  = "declined"
	QuoteRejected  = "rejected"
	QuoteExpired   = "expired"
)

// Message is a note exchanged on a job thread.
type Message struct {
	ID          string `gorm:"primaryKey"`
	JobID       string
	SenderID    uuid.UUID `gorm:"type:uuid"`
	ClientMsgID string
	Body        string
	CreatedAt   time.Time
}

// Dispute is raised by a client against a delivery.
type Dispute struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	JobID     string
	OpenedBy  uuid.UUID `gorm:"type:uuid"`
	Reason    string
	Detail    string
	Status    string
	CreatedAt time.Time
}

// Shipment is a courier booking for sworn paper copies.
type Shipment struct {
	ID          string `gorm:"primaryKey"`
	JobID       string
	Carrier     string
	BookingRef  string
	TrackingURL string
	Copies      int
	Address     string
	CreatedAt   time.Time
}

// MTSegment is one machine-translated segment of a job's source.
type MTSegment struct {
	ID         string `gorm:"primaryKey"`
	JobID      string
	Idx        int
	SourceText string
	MTText     string
	Engine     string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TableName implements gorm's Tabler.
func (MTSegment) TableName() string { return "mt_segments" }
