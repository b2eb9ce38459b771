// Package domain holds the persistent models shared by repositories and
// services.
package domain

import "time"

// Vessel call statuses.
const (
	CallPlanned = "planned"
	CallBerthed = "berthed"
	CallSailed  = "sailed"
)

// VesselCall is one visit of a vessel on a voyage.
type VesselCall struct {
	ID               string     `gorm:"primaryKey;type:uuid" json:"id"`
	VesselIMO        string     `gorm:"column:vessel_imo" json:"vessel_imo"`
	VoyageNo         string     `json:"voyage_no"`
	VesselName       string     `json:"vessel_name"`
	LineCode         string     `json:"line_code"`
	ETA              time.Time  `gorm:"column:eta" json:"eta"`
	ETD              time.Time  `gorm:"column:etd" json:"etd"`
	Berth            string     `json:"berth,omitempty"`
	BerthFrom        *time.Time `json:"berth_from,omitempty"`
	BerthTo          *time.Time `json:"berth_to,omitempty"`
	BerthConfirmedAt *time.Time `json:"berth_confirmed_at,omitempty"`
	Status           string     `json:"status"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
}

func (VesselCall) TableName() string { return "vessel_calls" }
