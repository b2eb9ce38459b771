package domain

import "time"

// Hold statuses.
const (
	HoldActive    = "active"
	HoldConverted = "converted"
	HoldExpired   = "expired"
	HoldReleased  = "released"
)

// SeatHold reserves a set of seats for a customer for a short time.
type SeatHold struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	TripID      string
	CustomerID  string
	SeatCount   int
	FareClass   string
	AmountCents int64
	Currency    string
	Status      string
	ExpiresAt   time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// HoldRequest maps a client's hold request key to the hold it produced.
type HoldRequest struct {
	IdempotencyKey string `gorm:"primaryKey"`
	HoldID         *string
	CreatedAt      time.Time
}

// Seat statuses.
const (
	SeatFree    = "free"
	SeatHeld    = "held"
	SeatBooked  = "booked"
	SeatBlocked = "blocked"
)

// TripSeat is one seat on one trip.
type TripSeat struct {
	TripID     string `gorm:"primaryKey"`
	SeatNo     string `gorm:"primaryKey"`
	Coach      string
	FareClass  string
	PriceCents int64
	Status     string
	HoldID     *string
	BookingID  *string
}

// Trip is a scheduled train service.
type Trip struct {
	ID           string `gorm:"primaryKey"`
	OperatorCode string
	RouteCode    string
	ServiceDate  time.Time
	DepartsAt    time.Time
	ArrivesAt    time.Time
	Status       string
	CreatedAt    time.Time
}

// TripStop is one calling point of a trip.
type TripStop struct {
	TripID      string `gorm:"primaryKey"`
	Seq         int    `gorm:"primaryKey"`
	StationCode string
}
