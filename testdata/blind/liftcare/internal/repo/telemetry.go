package repo

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Telemetry implements telemetry.Repository.
type Telemetry struct {
	db *pgtx.Manager
}

// NewTelemetry returns the repository.
func NewTelemetry(db *pgtx.Manager) *Telemetry { return &Telemetry{db: db} }

func (r *Telemetry) EventProcessed(ctx context.Context, consumer, eventID string) (bool, error) {
	return r.db.Queries(ctx).IsEventProcessed(ctx, consumer, eventID)
}

func (r *Telemetry) MarkEventProcessed(ctx context.Context, consumer, eventID string) error {
	return r.db.Queries(ctx).MarkEventProcessed(ctx, consumer, eventID)
}

func (r *Telemetry) ClaimEvent(ctx context.Context, consumer, eventID string) (bool, error) {
	return r.db.Queries(ctx).ClaimEvent(ctx, consumer, eventID)
}

func (r *Telemetry) LiftByController(ctx context.Context, controllerID string) (store.Lift, error) {
	return r.db.Queries(ctx).LiftByController(ctx, controllerID)
}

func (r *Telemetry) InsertFault(ctx context.Context, p store.InsertFaultParams) error {
	return r.db.Queries(ctx).InsertFault(ctx, p)
}

func (r *Telemetry) OpenFault(ctx context.Context, controllerID, code string) (store.Fault, error) {
	return r.db.Queries(ctx).OpenFaultFor(ctx, controllerID, code)
}

func (r *Telemetry) ClearFault(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := r.db.Queries(ctx).ClearFault(ctx, id, at)
	return n == 1, err
}

func (r *Telemetry) AddResolution(ctx context.Context, id, faultID uuid.UUID, eventID string, at time.Time) error {
	return r.db.Queries(ctx).InsertFaultResolution(ctx, id, faultID, eventID, at)
}

func (r *Telemetry) CreateCallout(ctx context.Context, p store.CreateCalloutParams) error {
	return r.db.Queries(ctx).CreateCallout(ctx, p)
}

func (r *Telemetry) UpsertStatus(ctx context.Context, p store.UpsertControllerStatusParams) error {
	return r.db.Queries(ctx).UpsertControllerStatus(ctx, p)
}

func (r *Telemetry) InsertFirmwareReport(ctx context.Context, controllerID string, seq int64, version string, at time.Time) error {
	return r.db.Queries(ctx).InsertFirmwareReport(ctx, controllerID, seq, version, at)
}
