package models

import "time"

// Advance statuses.
const (
	AdvanceApproved   = "approved"
	AdvanceDisbursing = "disbursing"
	AdvanceDisbursed  = "disbursed"
	AdvanceRecouped   = "recouped"
)

// Advance is money paid to an artist ahead of earnings.
type Advance struct {
	ID                string `gorm:"primaryKey"`
	ArtistID          string
	AmountMicros      int64
	OutstandingMicros int64
	Currency          string
	RecoupRateBps     int
	Status            string
	Note              string
	GrantedBy         string
	CreatedAt         time.Time
	DisbursedAt       *time.Time
}

func (Advance) TableName() string { return "advances" }

// RecoupmentPlan describes how an advance is recouped from earnings.
type RecoupmentPlan struct {
	ID           string `gorm:"primaryKey;type:uuid"`
	AdvanceID    string
	ArtistID     string
	RateBps      int
	StartsPeriod string
	CreatedAt    time.Time
}

func (RecoupmentPlan) TableName() string { return "recoupment_plans" }

// RecoupmentApplication records an amount recouped from one allocation.
type RecoupmentApplication struct {
	AdvanceID    string `gorm:"primaryKey"`
	AllocationID string `gorm:"primaryKey"`
	Period       string
	AmountMicros int64
	AppliedAt    time.Time
}

func (RecoupmentApplication) TableName() string { return "recoupment_applications" }
