// Package domain holds the records shared between the HTTP layer, the
// services and the repositories.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrScooterUnavailable = errors.New("scooter is not available")
	ErrForbidden          = errors.New("forbidden")
	ErrInvalidTransition  = errors.New("invalid state transition")
	ErrNoPaymentMethod    = errors.New("rider has no payment method on file")
	ErrUnknownPlan        = errors.New("unknown pass plan")
)

type Position struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

type Rider struct {
	ID               uuid.UUID
	Phone            string
	Email            string
	StripeCustomerID string
	PaymentMethodID  string
}

type Scooter struct {
	ID         string
	ZoneID     string
	Status     string
	BatteryPct int
	Position   Position
}

type RideStatus string

const (
	RideActive RideStatus = "active"
	RideEnded  RideStatus = "ended"
)

type Ride struct {
	ID         uuid.UUID  `json:"id"`
	RiderID    uuid.UUID  `json:"rider_id"`
	ScooterID  string     `json:"scooter_id"`
	ZoneID     string     `json:"zone_id"`
	UnlockKey  string     `json:"-"`
	Status     RideStatus `json:"status"`
	StartedAt  time.Time  `json:"started_at"`
	EndedAt    *time.Time `json:"ended_at,omitempty"`
	EndedBy    string     `json:"ended_by,omitempty"`
	DistanceM  int64      `json:"distance_m"`
	Start      Position   `json:"start"`
	End        *Position  `json:"end,omitempty"`
	ReportedAt *time.Time `json:"-"`
}

// Minutes is the billed duration, rounded up to whole minutes.
func (r *Ride) Minutes() int {
	if r.EndedAt == nil {
		return 0
	}
	d := r.EndedAt.Sub(r.StartedAt)
	m := int(d / time.Minute)
	if d%time.Minute != 0 {
		m++
	}
	return m
}

type PassPlan struct {
	Code         string
	Name         string
	PriceCents   int64
	Minutes      int
	ValidityDays int
}

type PassStatus string

const (
	PassActive  PassStatus = "active"
	PassExpired PassStatus = "expired"
)

type Pass struct {
	ID               uuid.UUID  `json:"id"`
	RiderID          uuid.UUID  `json:"rider_id"`
	PlanCode         string     `json:"plan_code"`
	MinutesTotal     int        `json:"minutes_total"`
	MinutesRemaining int        `json:"minutes_remaining"`
	Status           PassStatus `json:"status"`
	PaymentIntentID  string     `json:"-"`
	PurchasedAt      time.Time  `json:"purchased_at"`
	ExpiresAt        time.Time  `json:"expires_at"`
}

type ChargeStatus string

const (
	ChargePending   ChargeStatus = "pending"
	ChargeSucceeded ChargeStatus = "succeeded"
	ChargeFailed    ChargeStatus = "failed"
	ChargeCovered   ChargeStatus = "covered"
)

type RideCharge struct {
	RideID          uuid.UUID
	AmountCents     int64
	PassMinutesUsed int
	Currency        string
	Status          ChargeStatus
	PaymentIntentID string
}

type FineStatus string

const (
	FineIssued        FineStatus = "issued"
	FinePaid          FineStatus = "paid"
	FineContested     FineStatus = "contested"
	FineRefundPending FineStatus = "refund_pending"
	FineRefunded      FineStatus = "refunded"
	FineWaived        FineStatus = "waived"
)

type Fine struct {
	ID              uuid.UUID  `json:"id"`
	RiderID         uuid.UUID  `json:"rider_id"`
	RideID          *uuid.UUID `json:"ride_id,omitempty"`
	ScooterID       string     `json:"scooter_id"`
	Reason          string     `json:"reason"`
	AmountCents     int64      `json:"amount_cents"`
	AdminFeeCents   int64      `json:"admin_fee_cents"`
	Status          FineStatus `json:"status"`
	Source          string     `json:"source"`
	ReviewID        string     `json:"review_id,omitempty"`
	PaymentIntentID string     `json:"-"`
	ContestReason   string     `json:"contest_reason,omitempty"`
	CreatedAt       time.Time  `json:"created_at"`
}

type SwapJobStatus string

const (
	SwapOpen      SwapJobStatus = "open"
	SwapAccepted  SwapJobStatus = "accepted"
	SwapDone      SwapJobStatus = "done"
	SwapCancelled SwapJobStatus = "cancelled"
)

type SwapJob struct {
	ID           int64         `json:"id"`
	ScooterID    string        `json:"scooter_id"`
	ZoneID       string        `json:"zone_id"`
	Status       SwapJobStatus `json:"status"`
	BatteryPct   int           `json:"battery_pct"`
	TechnicianID string        `json:"technician_id,omitempty"`
	CreatedAt    time.Time     `json:"created_at"`
}

type BatterySwap struct {
	ID           string    `json:"id"`
	SwapJobID    int64     `json:"swap_job_id"`
	ScooterID    string    `json:"scooter_id"`
	TechnicianID string    `json:"technician_id"`
	BatteryOut   string    `json:"battery_out"`
	BatteryIn    string    `json:"battery_in"`
	ChargeInPct  int       `json:"charge_in_pct"`
	SwappedAt    time.Time `json:"swapped_at"`
}

type Incident struct {
	ID           uuid.UUID
	ScooterID    string
	RideID       *uuid.UUID
	Severity     string
	OccurredAt   time.Time
	Position     Position
	RegulatorRef string
}

type TripReportBatch struct {
	ID          string
	ZoneID      string
	ServiceDate time.Time
	Status      string
	TripCount   int
	Receipt     string
}
