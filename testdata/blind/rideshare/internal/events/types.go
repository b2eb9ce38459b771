package events

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Inbound subjects from the dispatch, onboarding and incentives systems.
const (
	SubjectTripCompleted      = "dispatch.trip.completed"
	SubjectTripCancelled      = "dispatch.trip.cancelled"
	SubjectFareAdjusted       = "dispatch.trip.fare_adjusted"
	SubjectTripRated          = "dispatch.trip.rated"
	SubjectTollsReported      = "dispatch.trip.tolls_reported"
	SubjectBankAccountUpdated = "onboarding.driver.bank_account_updated"
	SubjectDriverDeactivated  = "onboarding.driver.deactivated"
	SubjectIncentiveEarned    = "incentives.quest.completed"
)

var errMissing = errors.New("missing required field")

// TripCompleted is published by dispatch when a trip ends.
type TripCompleted struct {
	TripID      string    `json:"trip_id"`
	RiderID     uuid.UUID `json:"rider_id"`
	DriverID    uuid.UUID `json:"driver_id"`
	FareCents   int64     `json:"fare_cents"`
	Currency    string    `json:"currency"`
	AuthPspRef  string    `json:"auth_psp_reference"`
	CompletedAt time.Time `json:"completed_at"`
}

// Validate implements validator.
func (e *TripCompleted) Validate() error {
	if e.TripID == "" || e.DriverID == uuid.Nil || e.AuthPspRef == "" || e.Currency == "" {
		return errMissing
	}
	return nil
}

// TripCancelled is published by dispatch when a trip is cancelled.
type TripCancelled struct {
	TripID      string    `json:"trip_id"`
	RiderID     uuid.UUID `json:"rider_id"`
	DriverID    uuid.UUID `json:"driver_id"`
	CancelledBy string    `json:"cancelled_by"`
	FeeCents    int64     `json:"fee_cents"`
	Currency    string    `json:"currency"`
}

// Validate implements validator.
func (e *TripCancelled) Validate() error {
	if e.TripID == "" || e.RiderID == uuid.Nil {
		return errMissing
	}
	return nil
}

// FareAdjusted is published when dispatch recalculates a finished trip.
type FareAdjusted struct {
	TripID       string `json:"trip_id"`
	AdjustmentID string `json:"adjustment_id"`
	NewFareCents int64  `json:"new_fare_cents"`
	Reason       string `json:"reason"`
}

// Validate implements validator.
func (e *FareAdjusted) Validate() error {
	if e.TripID == "" || e.AdjustmentID == "" || e.NewFareCents < 0 {
		return errMissing
	}
	return nil
}

// TripRated is published when a rider rates a trip.
type TripRated struct {
	TripID     string    `json:"trip_id"`
	DriverID   uuid.UUID `json:"driver_id"`
	Stars      int       `json:"stars"`
	Compliment string    `json:"compliment,omitempty"`
}

// TollsReported lists tolls the driver paid on a trip.
type TollsReported struct {
	TripID   string    `json:"trip_id"`
	DriverID uuid.UUID `json:"driver_id"`
	Currency string    `json:"currency"`
	Tolls    []struct {
		Ref         string `json:"ref"`
		Plaza       string `json:"plaza"`
		AmountCents int64  `json:"amount_cents"`
	} `json:"tolls"`
}

// Validate implements validator.
func (e *TollsReported) Validate() error {
	if e.TripID == "" || e.DriverID == uuid.Nil || len(e.Tolls) == 0 {
		return errMissing
	}
	return nil
}

// BankAccountUpdated is published by onboarding after bank verification.
type BankAccountUpdated struct {
	DriverID     uuid.UUID `json:"driver_id"`
	PayeeID      string    `json:"payee_id"`
	AccountToken string    `json:"account_token"`
	Last4        string    `json:"last4"`
	Country      string    `json:"country"`
	Version      int64     `json:"version"`
}

// DriverDeactivated is published when a driver is removed from the platform.
type DriverDeactivated struct {
	DriverID uuid.UUID `json:"driver_id"`
	Reason   string    `json:"reason"`
}

// IncentiveEarned is published by the incentives engine when a driver
// completes a quest.
type IncentiveEarned struct {
	DriverID    uuid.UUID `json:"driver_id"`
	QuestID     string    `json:"quest_id"`
	Period      string    `json:"period"`
	Title       string    `json:"title"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
}

// Validate implements validator.
func (e *IncentiveEarned) Validate() error {
	if e.DriverID == uuid.Nil || e.QuestID == "" || e.AmountCents <= 0 {
		return errMissing
	}
	return nil
}
