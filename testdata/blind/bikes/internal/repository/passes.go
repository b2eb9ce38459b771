package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
)

type Passes interface {
	Plan(ctx context.Context, code string) (db.PassPlan, error)
	Create(ctx context.Context, arg db.CreatePassParams) (db.Pass, error)
	Get(ctx context.Context, id uuid.UUID) (db.Pass, error)
	ActiveFor(ctx context.Context, riderID uuid.UUID, at time.Time) (db.Pass, error)
	Cancel(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	Extend(ctx context.Context, id uuid.UUID, expiresAt time.Time) error
	DueForRenewal(ctx context.Context, before time.Time, limit int32) ([]db.Pass, error)
	ExpiringBetween(ctx context.Context, from, to time.Time, limit int32) ([]db.Pass, error)
	With(q db.Querier) Passes
}

type passRepo struct{ q db.Querier }

func NewPasses(q db.Querier) Passes { return &passRepo{q: q} }

func (r *passRepo) With(q db.Querier) Passes { return &passRepo{q: q} }

func (r *passRepo) Plan(ctx context.Context, code string) (db.PassPlan, error) {
	p, err := r.q.GetPassPlan(ctx, code)
	return p, notFound(err)
}

func (r *passRepo) Create(ctx context.Context, arg db.CreatePassParams) (db.Pass, error) {
	return r.q.CreatePass(ctx, arg)
}

func (r *passRepo) Get(ctx context.Context, id uuid.UUID) (db.Pass, error) {
	p, err := r.q.GetPass(ctx, id)
	return p, notFound(err)
}

func (r *passRepo) ActiveFor(ctx context.Context, riderID uuid.UUID, at time.Time) (db.Pass, error) {
	p, err := r.q.GetActivePassForRider(ctx, db.GetActivePassForRiderParams{RiderID: riderID, At: at})
	return p, notFound(err)
}

func (r *passRepo) Cancel(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := r.q.CancelPass(ctx, db.CancelPassParams{
		ID:          id,
		CancelledAt: pgtype.Timestamptz{Time: at, Valid: true},
	})
	return n == 1, err
}

func (r *passRepo) Extend(ctx context.Context, id uuid.UUID, expiresAt time.Time) error {
	return r.q.ExtendPass(ctx, db.ExtendPassParams{ID: id, ExpiresAt: expiresAt})
}

func (r *passRepo) DueForRenewal(ctx context.Context, before time.Time, limit int32) ([]db.Pass, error) {
	return r.q.ListPassesDueForRenewal(ctx, db.ListPassesDueForRenewalParams{Before: before, Limit: limit})
}

func (r *passRepo) ExpiringBetween(ctx context.Context, from, to time.Time, limit int32) ([]db.Pass, error) {
	return r.q.ListPassesExpiringBetween(ctx, db.ListPassesExpiringBetweenParams{From: from, To: to, Limit: limit})
}
