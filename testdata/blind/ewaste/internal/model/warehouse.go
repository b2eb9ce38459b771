package model

import (
	"time"

	"github.com/google/uuid"
)

// Device statuses.
const (
	DeviceReceived         = "received"
	DeviceGraded           = "graded"
	DeviceWiping           = "wiping"
	DeviceWiped            = "wiped"
	DeviceListingRequested = "listing_requested"
	DeviceListed           = "listed"
	DeviceSold             = "sold"
	DeviceReturned         = "returned"
	DeviceRecycled         = "recycled"
)

type Device struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	TradeInID    uuid.UUID `gorm:"type:uuid"`
	ShipmentID   uuid.UUID `gorm:"type:uuid"`
	SerialNumber string
	IMEI         *string `gorm:"column:imei"`
	Manufacturer string
	Model        string
	StorageGB    int `gorm:"column:storage_gb"`
	Status       string
	BinLocation  *string
	ReceivedBy   string
	ReceivedAt   time.Time
	UpdatedAt    time.Time
}

type IntakeTask struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	ShipmentID uuid.UUID `gorm:"type:uuid"`
	TradeInID  uuid.UUID `gorm:"type:uuid"`
	Dock       string
	Priority   int
	Status     string
	CreatedAt  time.Time
	ClosedAt   *time.Time
}

// Cosmetic/functional grades used by the warehouse.
const (
	GradeA = "A"
	GradeB = "B"
	GradeC = "C"
	GradeD = "D"
	GradeF = "F" // recycle only
)

type Grading struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeviceID         uuid.UUID `gorm:"type:uuid"`
	Round            int
	Grade            string
	CosmeticNotes    *string
	FunctionalChecks JSON
	BatteryHealth    *int
	ActivationLocked bool
	GraderID         string
	CreatedAt        time.Time
}

type OfferNotification struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	TradeInID   uuid.UUID `gorm:"type:uuid"`
	Kind        string
	Channel     string
	ProviderRef *string
	Status      string
	CreatedAt   time.Time
}

// Wipe job statuses.
const (
	WipePending   = "pending"
	WipeCompleted = "completed"
	WipeFailed    = "failed"
)

type WipeJob struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeviceID    uuid.UUID `gorm:"type:uuid"`
	Method      string
	Station     *string
	Status      string
	Result      JSON
	RequestedAt time.Time
	CompletedAt *time.Time
}

// Certificate statuses.
const (
	CertRequested = "requested"
	CertIssued    = "issued"
)

type WipeCertificate struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	WipeJobID         uuid.UUID `gorm:"type:uuid"`
	DeviceID          uuid.UUID `gorm:"type:uuid"`
	Status            string
	CertificateNumber *string
	DocumentURL       *string
	IssuedAt          *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}
