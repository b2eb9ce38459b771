package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
)

// FareRepo exposes the fare operations that run outside a caller transaction.
type FareRepo interface {
	GetByTrip(ctx context.Context, tripID string) (db.Fare, error)
	UpdateAmount(ctx context.Context, id uuid.UUID, amountCents int64) error
	MarkCaptured(ctx context.Context, id uuid.UUID, pspRef string) (bool, error)
	MarkCaptureFailed(ctx context.Context, id uuid.UUID) error
	ListCaptureFailed(ctx context.Context, maxAttempts, limit int32) ([]db.Fare, error)
}

type fareRepo struct {
	q *db.Queries
}

// NewFareRepo returns a FareRepo over the pool.
func NewFareRepo(sqldb *sql.DB) FareRepo {
	return &fareRepo{q: db.New(sqldb)}
}

func (r *fareRepo) GetByTrip(ctx context.Context, tripID string) (db.Fare, error) {
	return r.q.GetFareByTrip(ctx, tripID)
}

func (r *fareRepo) UpdateAmount(ctx context.Context, id uuid.UUID, amountCents int64) error {
	return r.q.UpdateFareAmount(ctx, db.UpdateFareAmountParams{ID: id, AmountCents: amountCents})
}

func (r *fareRepo) MarkCaptured(ctx context.Context, id uuid.UUID, pspRef string) (bool, error) {
	n, err := r.q.MarkFareCaptured(ctx, db.MarkFareCapturedParams{
		ID:            id,
		CapturePspRef: sql.NullString{String: pspRef, Valid: pspRef != ""},
	})
	return n == 1, err
}

func (r *fareRepo) MarkCaptureFailed(ctx context.Context, id uuid.UUID) error {
	return r.q.MarkFareCaptureFailed(ctx, id)
}

func (r *fareRepo) ListCaptureFailed(ctx context.Context, maxAttempts, limit int32) ([]db.Fare, error) {
	return r.q.ListCaptureFailedFares(ctx, db.ListCaptureFailedFaresParams{MaxAttempts: maxAttempts, Limit: limit})
}
