package store

import "time"

type BoatCategory struct {
	Code          string
	Label         string
	MaxPassengers int32
}

type Extra struct {
	Code       string
	Label      string
	PriceCents int64
}

type Marina struct {
	ID               string
	Name             string
	PartnerCode      string
	PerMetreFeeCents int64
}

type Customer struct {
	ID         string
	Name       string
	Phone      string
	Email      string
	PaymentRef string
}

type Boat struct {
	ID           string
	SkipperID    string
	Name         string
	Registration string
	Category     string
	LengthCm     int32
	HomeMarinaID string
	CreatedAt    time.Time
}

type Trip struct {
	ID              string
	BoatID          string
	SkipperID       string
	MarinaID        string
	DepartsAt       time.Time
	ReturnsAt       time.Time
	Capacity        int32
	Held            int32
	Booked          int32
	PriceCents      int64
	DepositPct      int32
	Status          string
	CrewStatus      string
	HarbourFeeCents int64
	CompletedAt     *time.Time
	CreatedAt       time.Time
}

type Hold struct {
	ID         string
	TripID     string
	CustomerID string
	Seats      int32
	RequestKey string
	Status     string
	ExpiresAt  time.Time
	CreatedAt  time.Time
}

type Booking struct {
	ID           string
	HoldID       string
	TripID       string
	CustomerID   string
	Seats        int32
	TotalCents   int64
	DepositCents int64
	BalancePaid  bool
	Status       string
	CreatedAt    time.Time
	CancelledAt  *time.Time
}

type DepositPayment struct {
	ID             string
	BookingID      string
	IdempotencyKey string
	AmountCents    int64
	Status         string
	ChargeID       *string
	UpdatedAt      time.Time
}

type Refund struct {
	ID                string
	BookingID         string
	AlertID           *string
	ChargeID          string
	AmountCents       int64
	Status            string
	ProcessorRefundID *string
	CreatedAt         time.Time
}

type BookingExtra struct {
	ID         string
	BookingID  string
	ExtraCode  string
	Quantity   int32
	PriceCents int64
	CreatedAt  time.Time
}

type TripCharge struct {
	ID           string
	BookingID    string
	ChargeType   string
	AmountCents  int64
	RequestKey   string
	SettlementID *string
	BilledAt     *time.Time
	CreatedAt    time.Time
}

type CrewMember struct {
	ID          string
	SkipperID   string
	Name        string
	Phone       string
	HourlyCents int64
	HoursBooked int32
}

type BerthRequest struct {
	ID         string
	TripID     string
	MarinaID   string
	Status     string
	PartnerRef *string
	BerthCode  *string
	FeeCents   int64
	Version    int32
	UpdatedAt  time.Time
}

type WeatherAlert struct {
	AlertID   string
	Severity  string
	MarinaIDs []string
	StartsAt  time.Time
	EndsAt    time.Time
	CreatedAt time.Time
}

type OutboxMessage struct {
	ID        int64
	Topic     string
	Payload   []byte
	CreatedAt time.Time
}
