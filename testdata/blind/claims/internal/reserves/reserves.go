// Package reserves manages case reserves: the amount set aside for the
// expected cost of a claim, by category (indemnity, expense).
package reserves

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/providers/financefeed"
)

// Change is one reserve movement.
type Change struct {
	ID         uuid.UUID
	ClaimID    uuid.UUID
	Category   string
	DeltaCents int64
	Reason     string
	ChangedBy  string
	CreatedAt  time.Time
}

var (
	ErrClaimNotFound  = errors.New("reserves: claim not found")
	ErrClaimClosed    = errors.New("reserves: claim is closed")
	ErrNegativeResult = errors.New("reserves: change would make the reserve negative")
)

// ClaimSnapshot is what the reserves service needs to know about a claim.
type ClaimSnapshot struct {
	ID                uuid.UUID
	Status            string
	ReserveTotalCents int64
}

// Repository persists reserve changes and the claim's running total.
type Repository interface {
	InsertChange(ctx context.Context, c Change) error
	InsertChangeIfAbsent(ctx context.Context, c Change) (bool, error)
	AdjustClaimTotal(ctx context.Context, claimID uuid.UUID, delta int64) error
	SetClaimTotal(ctx context.Context, claimID uuid.UUID, total int64) error
	SumChanges(ctx context.Context, claimID uuid.UUID) (int64, error)
	Claim(ctx context.Context, claimID uuid.UUID) (ClaimSnapshot, error)
	LockClaim(ctx context.Context, claimID uuid.UUID) (ClaimSnapshot, error)
}

// Outbox records domain events.
type Outbox interface {
	Add(ctx context.Context, topic string, payload any) error
}

// FinanceFeed forwards reserve movements to the finance system.
type FinanceFeed interface {
	Send(ctx context.Context, e financefeed.Entry, opts ...financefeed.SendOption) error
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}
