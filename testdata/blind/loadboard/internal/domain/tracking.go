package domain

import "time"

// Ping is a single position report from an ELD device.
type Ping struct {
	ID         string
	Vendor     string
	DeviceID   string
	LoadID     string
	Lat        float64
	Lng        float64
	SpeedMph   float64
	Heading    int
	RecordedAt time.Time
	ReceivedAt time.Time
}

// Valid reports whether the coordinates are plausible.
func (p Ping) Valid() bool {
	return p.Lat >= -90 && p.Lat <= 90 && p.Lng >= -180 && p.Lng <= 180 && !p.RecordedAt.IsZero()
}
