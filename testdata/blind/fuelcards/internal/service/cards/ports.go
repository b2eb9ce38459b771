// Package cards issues, activates, replaces and re-limits fuel cards.
package cards

import (
	"context"

	"github.com/google/uuid"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
)

// Repo is the persistence the card service needs.
type Repo interface {
	FleetByID(ctx context.Context, id uuid.UUID) (domain.Fleet, error)
	DriverByID(ctx context.Context, id uuid.UUID) (domain.Driver, error)
	CardByID(ctx context.Context, id uuid.UUID) (domain.Card, error)
	UpsertIssuedCard(ctx context.Context, c domain.Card) (domain.Card, error)
	InsertCard(ctx context.Context, c domain.Card) error
	ActivateCard(ctx context.Context, id uuid.UUID) (bool, error)
	MarkCardReplaced(ctx context.Context, oldID, newID uuid.UUID) error
	SetCardLimits(ctx context.Context, id uuid.UUID, daily, perTxn int64) (bool, error)
	StoredResponse(ctx context.Context, scope, key string) (*domain.StoredResponse, error)
	SaveResponse(ctx context.Context, scope, key string, status int, body any) error
	InsertAlert(ctx context.Context, a domain.SMSAlert) (int64, error)
}

// Network is the part of the card network API the service uses.
type Network interface {
	IssueCard(ctx context.Context, req cardnetwork.IssueCardRequest, opts ...cardnetwork.CallOption) (cardnetwork.Card, error)
	ActivateCard(ctx context.Context, cardID string, opts ...cardnetwork.CallOption) error
	ReplaceCard(ctx context.Context, cardID string, req cardnetwork.ReplaceRequest, opts ...cardnetwork.CallOption) (cardnetwork.Card, error)
	SetSpendControls(ctx context.Context, cardID string, ctl cardnetwork.SpendControls, opts ...cardnetwork.CallOption) error
}

// IssueCard orders a card for a driver.
type IssueCard struct {
	IdempotencyKey   string    `json:"-"`
	FleetID          uuid.UUID `json:"fleet_id"`
	DriverID         uuid.UUID `json:"driver_id"`
	DailyLimitCents  int64     `json:"daily_limit_cents"`
	PerTxnLimitCents int64     `json:"per_txn_limit_cents"`
	VehicleLabel     string    `json:"vehicle_label"`
}

// Validate implements pipeline.Validator.
func (c IssueCard) Validate() error {
	switch {
	case c.IdempotencyKey == "":
		return domain.Invalid("Idempotency-Key", "header is required")
	case c.FleetID == uuid.Nil:
		return domain.Invalid("fleet_id", "is required")
	case c.DriverID == uuid.Nil:
		return domain.Invalid("driver_id", "is required")
	case c.DailyLimitCents <= 0 || c.PerTxnLimitCents <= 0:
		return domain.Invalid("limits", "must be positive")
	case c.PerTxnLimitCents > c.DailyLimitCents:
		return domain.Invalid("per_txn_limit_cents", "exceeds the daily limit")
	}
	return nil
}

// ActivateCard activates a delivered card.
type ActivateCard struct {
	CardID uuid.UUID
	Last4  string `json:"last4"`
}

// Validate implements pipeline.Validator.
func (c ActivateCard) Validate() error {
	if len(c.Last4) != 4 {
		return domain.Invalid("last4", "must be four digits")
	}
	return nil
}

// ReplaceCard closes a lost, stolen or damaged card and orders a new one.
type ReplaceCard struct {
	CardID   uuid.UUID
	Reason   string `json:"reason"`
	Expedite bool   `json:"expedite"`
}

// Validate implements pipeline.Validator.
func (c ReplaceCard) Validate() error {
	switch c.Reason {
	case "lost", "stolen", "damaged":
		return nil
	}
	return domain.Invalid("reason", "must be lost, stolen or damaged")
}

// SetLimits replaces a card's spend limits.
type SetLimits struct {
	CardID           uuid.UUID
	DailyLimitCents  int64 `json:"daily_limit_cents"`
	PerTxnLimitCents int64 `json:"per_txn_limit_cents"`
}

// Validate implements pipeline.Validator.
func (c SetLimits) Validate() error {
	if c.DailyLimitCents <= 0 || c.PerTxnLimitCents <= 0 || c.PerTxnLimitCents > c.DailyLimitCents {
		return domain.Invalid("limits", "must be positive and per-transaction within daily")
	}
	return nil
}
