// Package repo implements the services' repository interfaces on top of
// the store queries. Every method runs on the transaction carried in the
// context when there is one.
package repo

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Callouts implements callout.Repository.
type Callouts struct {
	db *pgtx.Manager
}

// NewCallouts returns the repository.
func NewCallouts(db *pgtx.Manager) *Callouts { return &Callouts{db: db} }

func (r *Callouts) Create(ctx context.Context, p store.CreateCalloutParams) error {
	return r.db.Queries(ctx).CreateCallout(ctx, p)
}

func (r *Callouts) Get(ctx context.Context, id uuid.UUID) (store.Callout, error) {
	return r.db.Queries(ctx).GetCallout(ctx, id)
}

func (r *Callouts) Assign(ctx context.Context, id, technicianID uuid.UUID, at time.Time) (bool, error) {
	n, err := r.db.Queries(ctx).AssignCallout(ctx, store.AssignCalloutParams{
		ID: id, TechnicianID: technicianID, AssignedAt: at,
	})
	return n == 1, err
}

func (r *Callouts) Complete(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := r.db.Queries(ctx).CompleteCallout(ctx, id, at)
	return n == 1, err
}

func (r *Callouts) AddLabour(ctx context.Context, p store.InsertCalloutLabourParams) error {
	return r.db.Queries(ctx).InsertCalloutLabour(ctx, p)
}

func (r *Callouts) MarkAnnounced(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.Queries(ctx).MarkCalloutAnnounced(ctx, id, at)
}

func (r *Callouts) OnCallTechnician(ctx context.Context) (store.Technician, error) {
	return r.db.Queries(ctx).FindOnCallTechnician(ctx)
}

func (r *Callouts) Technician(ctx context.Context, id uuid.UUID) (store.Technician, error) {
	return r.db.Queries(ctx).GetTechnician(ctx, id)
}

func (r *Callouts) Lift(ctx context.Context, id uuid.UUID) (store.Lift, error) {
	return r.db.Queries(ctx).GetLift(ctx, id)
}
