package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Inspections implements inspection.Repository.
type Inspections struct {
	db *pgtx.Manager
}

// NewInspections returns the repository.
func NewInspections(db *pgtx.Manager) *Inspections { return &Inspections{db: db} }

func (r *Inspections) ActiveContracts(ctx context.Context) ([]store.Contract, error) {
	return r.db.Queries(ctx).ListActiveContracts(ctx)
}

func (r *Inspections) ContractLifts(ctx context.Context, contractID uuid.UUID) ([]store.Lift, error) {
	return r.db.Queries(ctx).ListContractLifts(ctx, contractID)
}

// CreateServiceVisit plans a routine visit. Visit IDs are xids so the
// technicians' app can sort them by creation without a round trip.
func (r *Inspections) CreateServiceVisit(ctx context.Context, contractID, liftID uuid.UUID, plannedFor time.Time) error {
	return r.db.Queries(ctx).CreateServiceVisit(ctx, store.CreateServiceVisitParams{
		ID:         "sv_" + xid.New().String(),
		ContractID: contractID,
		LiftID:     liftID,
		PlannedFor: plannedFor,
	})
}

func (r *Inspections) Visit(ctx context.Context, id uuid.UUID) (store.InspectionVisit, error) {
	return r.db.Queries(ctx).GetInspectionVisit(ctx, id)
}

func (r *Inspections) Lift(ctx context.Context, id uuid.UUID) (store.Lift, error) {
	return r.db.Queries(ctx).GetLift(ctx, id)
}

func (r *Inspections) BuildingAddress(ctx context.Context, liftID uuid.UUID) (string, error) {
	name, addr, err := r.db.Queries(ctx).GetBuildingForLift(ctx, liftID)
	if err != nil {
		return "", err
	}
	return name + ", " + addr, nil
}

func (r *Inspections) SaveBooking(ctx context.Context, visitID uuid.UUID, ref string, slot time.Time) error {
	return r.db.Queries(ctx).SetAuthorityBooking(ctx, visitID, ref, slot)
}

func (r *Inspections) RecordResult(ctx context.Context, visitID uuid.UUID, result string) (bool, error) {
	n, err := r.db.Queries(ctx).RecordInspectionResult(ctx, visitID, result)
	return n == 1, err
}

func (r *Inspections) ScheduleInspection(ctx context.Context, liftID, contractID uuid.UUID, dueOn time.Time) error {
	return r.db.Queries(ctx).ScheduleInspection(ctx, liftID, contractID, dueOn)
}

func (r *Inspections) Reminders(ctx context.Context, day time.Time) ([]store.InspectionReminder, error) {
	return r.db.Queries(ctx).ListInspectionReminders(ctx, day)
}
