// Package domain holds the persistent models shared by services and
// repositories.
package domain

import (
	"time"

	"github.com/google/uuid"
)

// Developer is a project developer that receives payouts.
type Developer struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	Name            string
	Email           string
	StripeAccountID *string
	CreatedAt       time.Time
}

// Project statuses mirrored from the registry partner.
const (
	ProjectDraft      = "draft"
	ProjectListed     = "listed"
	ProjectSuspended  = "suspended"
	ProjectTerminated = "terminated"
)

// Project is a carbon project listed on the registry.
type Project struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeveloperID       uuid.UUID `gorm:"type:uuid"`
	RegistryProjectID string
	Name              string
	Methodology       string
	Country           string
	Status            string
	WebhookSecret     string `json:"-"`
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// ProjectStatusEvent records a status change published by the registry.
type ProjectStatusEvent struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	ProjectID      uuid.UUID `gorm:"type:uuid"`
	PartnerEventID string
	Status         string
	EffectiveAt    time.Time
	CreatedAt      time.Time
}

// Account purposes.
const (
	PurposeIssuance = "issuance"
	PurposeHolding  = "holding"
)

// Account holds credits. Developers own an issuance account per project;
// buyers own a holding account.
type Account struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	OwnerType string
	OwnerID   uuid.UUID `gorm:"type:uuid"`
	Purpose   string
	Email     *string
	CreatedAt time.Time
}

// Batch statuses.
const (
	BatchPendingRegistration = "pending_registration"
	BatchRegistered          = "registered"
)

// CreditBatch is a vintage of serialised credits issued for a project.
type CreditBatch struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	ProjectID        uuid.UUID `gorm:"type:uuid"`
	Vintage          int
	SerialStart      int64
	SerialEnd        int64
	Quantity         int64
	UnitPriceCents   int64
	Currency         string
	Status           string
	RegistryBatchRef *string
	CreatedAt        time.Time
}

// SerialBlock is a serial range confirmed by the registry for a batch.
type SerialBlock struct {
	ID               string    `gorm:"primaryKey"`
	BatchID          uuid.UUID `gorm:"type:uuid"`
	RegistryBatchRef string
	SerialStart      int64
	SerialEnd        int64
	IssuedAt         time.Time
	CreatedAt        time.Time
}

// SerialCancellation is a serial range voided by the registry.
type SerialCancellation struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	CancellationID string
	BatchID        uuid.UUID `gorm:"type:uuid"`
	SerialStart    int64
	SerialEnd      int64
	Reason         string
	CreatedAt      time.Time
}

// ProcessedEvent marks an inbound event as handled.
type ProcessedEvent struct {
	Source      string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

// ProviderAttempt is an append-only record of an outbound call.
type ProviderAttempt struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	Provider  string
	Operation string
	Ref       string
	Outcome   string
	Detail    string
	CreatedAt time.Time
}
