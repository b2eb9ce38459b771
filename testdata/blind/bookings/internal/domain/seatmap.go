package domain

import (
	"encoding/json"
	"time"
)

// SeatMap is the versioned layout of a trip's seats, mirrored on station
// displays.
type SeatMap struct {
	TripID         string `gorm:"primaryKey"`
	Version        int64
	Layout         json.RawMessage `gorm:"type:jsonb"`
	LastChangeHash string
	UpdatedAt      time.Time
}
