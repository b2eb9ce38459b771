package repository

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/cyclegrid/bikeshare/internal/db"
)

type Rebalance interface {
	// Upsert returns the job for (station, slot, direction), creating it
	// from arg when there is none.
	Upsert(ctx context.Context, arg db.CreateRebalanceJobParams) (db.RebalanceJob, error)
	Get(ctx context.Context, id uuid.UUID) (db.RebalanceJob, error)
	Find(ctx context.Context, stationID string, slot time.Time, direction string) (db.RebalanceJob, error)
	ByPartnerID(ctx context.Context, partnerJobID string) (db.RebalanceJob, error)
	MarkDispatched(ctx context.Context, id uuid.UUID, partnerJobID string) error
	MarkCompleted(ctx context.Context, id uuid.UUID) error
	RecordCompletion(ctx context.Context, arg db.InsertCrewJobCompletionParams) error
	With(q db.Querier) Rebalance
}

type rebalanceRepo struct{ q db.Querier }

func NewRebalance(q db.Querier) Rebalance { return &rebalanceRepo{q: q} }

func (r *rebalanceRepo) With(q db.Querier) Rebalance { return &rebalanceRepo{q: q} }

func (r *rebalanceRepo) Upsert(ctx context.Context, arg db.CreateRebalanceJobParams) (db.RebalanceJob, error) {
	return r.q.CreateRebalanceJob(ctx, arg)
}

func (r *rebalanceRepo) Get(ctx context.Context, id uuid.UUID) (db.RebalanceJob, error) {
	j, err := r.q.GetRebalanceJob(ctx, id)
	return j, notFound(err)
}

func (r *rebalanceRepo) Find(ctx context.Context, stationID string, slot time.Time, direction string) (db.RebalanceJob, error) {
	j, err := r.q.FindRebalanceJob(ctx, db.FindRebalanceJobParams{StationID: stationID, Slot: slot, Direction: direction})
	return j, notFound(err)
}

func (r *rebalanceRepo) ByPartnerID(ctx context.Context, partnerJobID string) (db.RebalanceJob, error) {
	j, err := r.q.GetRebalanceJobByPartnerID(ctx, text(partnerJobID))
	return j, notFound(err)
}

func (r *rebalanceRepo) MarkDispatched(ctx context.Context, id uuid.UUID, partnerJobID string) error {
	return r.q.MarkRebalanceDispatched(ctx, db.MarkRebalanceDispatchedParams{ID: id, PartnerJobID: text(partnerJobID)})
}

func (r *rebalanceRepo) MarkCompleted(ctx context.Context, id uuid.UUID) error {
	return r.q.MarkRebalanceCompleted(ctx, id)
}

func (r *rebalanceRepo) RecordCompletion(ctx context.Context, arg db.InsertCrewJobCompletionParams) error {
	return r.q.InsertCrewJobCompletion(ctx, arg)
}
