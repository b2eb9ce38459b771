package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

type Rider struct {
	ID                  uuid.UUID
	Phone               string
	DisplayName         string
	StripeCustomerID    pgtype.Text
	PaymentMethodID     pgtype.Text
	PaymentMethodBrand  pgtype.Text
	PaymentMethodLast4  pgtype.Text
	SmsReceipts         bool
	AutoreloadEnabled   bool
	AutoreloadThreshold int64
	AutoreloadAmount    int64
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

type Station struct {
	ID         string
	Name       string
	Capacity   int32
	TargetFill int32
	Latitude   float64
	Longitude  float64
	Active     bool
}

type Dock struct {
	ID        string
	StationID string
	Position  int32
	Status    string
	BikeID    pgtype.Text
	LastSeen  pgtype.Timestamptz
}

type Ride struct {
	ID           uuid.UUID
	RiderID      uuid.UUID
	BikeID       string
	StartDockID  string
	EndDockID    pgtype.Text
	Status       string
	PaymentMode  string
	PassID       pgtype.UUID
	UnlockedAt   time.Time
	StartedAt    pgtype.Timestamptz
	EndedAt      pgtype.Timestamptz
	DurationSecs pgtype.Int4
	FareCents    pgtype.Int8
	EndReason    pgtype.Text
}

type IdempotencyKey struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  pgtype.Int4
	Response    []byte
	CreatedAt   time.Time
}

type RideCharge struct {
	ID              uuid.UUID
	RideID          uuid.UUID
	RiderID         uuid.UUID
	AmountCents     int64
	Currency        string
	Status          string
	PaymentIntentID pgtype.Text
	FailureCode     pgtype.Text
	CreatedAt       time.Time
	ChargedAt       pgtype.Timestamptz
}

type WalletAccount struct {
	RiderID      uuid.UUID
	BalanceCents int64
	UpdatedAt    time.Time
}

type WalletLedgerEntry struct {
	ID          uuid.UUID
	RiderID     uuid.UUID
	AmountCents int64
	Reason      string
	Reference   string
	CreatedAt   time.Time
}

type Topup struct {
	ID              string
	RiderID         uuid.UUID
	AmountCents     int64
	Source          string
	Status          string
	PaymentIntentID pgtype.Text
	CreatedAt       time.Time
	CreditedAt      pgtype.Timestamptz
}

type PassPlan struct {
	Code         string
	Name         string
	PriceCents   int64
	DurationDays int32
	FreeMinutes  int32
	Active       bool
}

type Pass struct {
	ID              uuid.UUID
	RiderID         uuid.UUID
	PlanCode        string
	Status          string
	AutoRenew       bool
	StartsAt        time.Time
	ExpiresAt       time.Time
	PaymentIntentID pgtype.Text
	PriceCents      int64
	CreatedAt       time.Time
	CancelledAt     pgtype.Timestamptz
}

type RefundRequest struct {
	ID             uuid.UUID
	ChargeID       uuid.UUID
	RiderID        uuid.UUID
	AmountCents    int64
	Reason         string
	Status         string
	StripeRefundID pgtype.Text
	CreatedAt      time.Time
	ProcessedAt    pgtype.Timestamptz
}

type Notification struct {
	ID                uuid.UUID
	DedupKey          pgtype.Text
	RiderID           pgtype.UUID
	Phone             string
	Kind              string
	Body              string
	Status            string
	ProviderMessageID pgtype.Text
	CreatedAt         time.Time
	SentAt            pgtype.Timestamptz
	DeliveredAt       pgtype.Timestamptz
}

type MaintenanceTicket struct {
	ID            string
	DockID        string
	BikeID        pgtype.Text
	FaultCode     string
	Severity      string
	Source        string
	SourceEventID pgtype.Text
	Status        string
	OpenedAt      time.Time
	ClosedAt      pgtype.Timestamptz
}

type DamageReport struct {
	ID          string
	RideID      uuid.UUID
	RiderID     uuid.UUID
	BikeID      string
	Category    string
	Description string
	PhotoUrl    pgtype.Text
	CreatedAt   time.Time
}

type RebalanceJob struct {
	ID           uuid.UUID
	StationID    string
	Slot         time.Time
	Direction    string
	Bikes        int32
	Reason       string
	Status       string
	PartnerJobID pgtype.Text
	RequestedBy  string
	CreatedAt    time.Time
	DispatchedAt pgtype.Timestamptz
}
