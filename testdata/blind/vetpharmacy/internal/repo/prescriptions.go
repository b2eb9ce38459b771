package repo

import (
	"context"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Prescriptions struct{ s *store.Store }

func NewPrescriptions(s *store.Store) *Prescriptions { return &Prescriptions{s: s} }

func (r *Prescriptions) Get(ctx context.Context, id string) (db.Prescription, error) {
	p, err := r.s.Q(ctx).GetPrescription(ctx, id)
	return p, notFound(err, "prescription_not_found", "prescription not found")
}

func (r *Prescriptions) Upsert(ctx context.Context, p db.UpsertPrescriptionParams) (string, error) {
	return r.s.Q(ctx).UpsertPrescription(ctx, p)
}

func (r *Prescriptions) UseRefill(ctx context.Context, id string) (bool, error) {
	n, err := r.s.Q(ctx).DecrementRefills(ctx, id)
	return n == 1, err
}

func (r *Prescriptions) ReminderDue(ctx context.Context, limit int32) ([]db.ReminderDueRow, error) {
	return r.s.Q(ctx).ListReminderDue(ctx, limit)
}

func (r *Prescriptions) MarkReminded(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	return r.s.Q(ctx).MarkRemindersSent(ctx, ids)
}

func (r *Prescriptions) ClaimInboundEvent(ctx context.Context, source, eventID string) (bool, error) {
	return r.s.Q(ctx).ClaimInboundEvent(ctx, source, eventID)
}

func (r *Prescriptions) ClinicSecret(ctx context.Context, clinicID string) (string, error) {
	s, err := r.s.Q(ctx).GetClinicSecret(ctx, clinicID)
	return s, notFound(err, "clinic_not_found", "unknown clinic")
}
