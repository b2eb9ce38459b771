// Package domain holds the registry's persistent entities. The structs are
// mapped with gorm tags; the authoritative schema lives in
// internal/migrations.
package domain

import (
	"time"

	"github.com/google/uuid"
)

const (
	VesselActive       = "active"
	VesselSuspended    = "suspended"
	VesselDeregistered = "deregistered"
)

type Vessel struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	RegistrationNo     string    `gorm:"column:registration_no"`
	IMONumber          string    `gorm:"column:imo_number"`
	Name               string
	OwnerID            uuid.UUID `gorm:"type:uuid"`
	OwnerPhone         string
	OwnerEmail         string
	HomePort           string
	LengthM            float64 `gorm:"column:length_m"`
	Status             string
	PaymentCustomerRef string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (v *Vessel) Active() bool { return v.Status == VesselActive }

// TripSummary is written when the electronic logbook closes a trip.
type TripSummary struct {
	TripID       string    `gorm:"primaryKey"`
	VesselID     uuid.UUID `gorm:"type:uuid"`
	DepartedAt   time.Time
	ReturnedAt   time.Time
	HaulCount    int
	TotalCatchKg int64
	CreatedAt    time.Time
}

type PortCall struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	VesselID  uuid.UUID `gorm:"type:uuid"`
	PortCode  string
	ETA       time.Time `gorm:"column:eta"`
	BerthRef  string
	Purpose   string
	Status    string
	CreatedAt time.Time
}

type ObserverReport struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	ObserverID   uuid.UUID `gorm:"type:uuid"`
	VesselID     uuid.UUID `gorm:"type:uuid"`
	TripID       string
	HaulNo       int
	ObservedAt   time.Time
	BycatchKg    int64
	DiscardKg    int64
	Infringement bool
	Notes        string
	CreatedAt    time.Time
}
