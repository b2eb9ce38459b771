package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

type PatientRepo struct {
	*Repository[domain.Patient]
}

func NewPatientRepo(db *gorm.DB) *PatientRepo {
	return &PatientRepo{Repository: NewRepository[domain.Patient](db)}
}

func (r *PatientRepo) FindByMRN(ctx context.Context, pharmacyID, mrn string) (*domain.Patient, error) {
	return r.FindOne(ctx, "pharmacy_id = ? AND mrn = ?", pharmacyID, mrn)
}

func (r *PatientRepo) SetStripeCustomer(ctx context.Context, id uuid.UUID, customerID string) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"stripe_customer_id": customerID,
		"updated_at":         time.Now().UTC(),
	})
}

func (r *PatientRepo) SetDefaultPaymentMethod(ctx context.Context, id uuid.UUID, pmID string) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"default_payment_method_id": pmID,
		"updated_at":                time.Now().UTC(),
	})
}

type PrescriptionRepo struct {
	*Repository[domain.Prescription]
}

func NewPrescriptionRepo(db *gorm.DB) *PrescriptionRepo {
	return &PrescriptionRepo{Repository: NewRepository[domain.Prescription](db)}
}

func (r *PrescriptionRepo) FindByERxMessage(ctx context.Context, messageID string) (*domain.Prescription, error) {
	return r.FindOne(ctx, "erx_message_id = ?", messageID)
}

// RecordFill bumps the fill counter. Callers hold the row lock.
func (r *PrescriptionRepo) RecordFill(ctx context.Context, id uuid.UUID, fillNumber int) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"fills_used": fillNumber + 1,
		"updated_at": time.Now().UTC(),
	})
}

// MarkFilled stamps the date the most recent fill left the pharmacy; the
// reminder and auto-refill scans key off it.
func (r *PrescriptionRepo) MarkFilled(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.UpdateFields(ctx, id, map[string]any{"last_filled_at": at, "updated_at": at})
}

// DueBetween lists active prescriptions whose current supply runs out in
// [from, to). autoRefillOnly narrows to patients enrolled in auto-refill.
func (r *PrescriptionRepo) DueBetween(ctx context.Context, from, to time.Time, autoRefillOnly bool) ([]domain.Prescription, error) {
	q := r.Conn(ctx).
		Where("last_filled_at IS NOT NULL").
		Where("expires_on > ?", from).
		Where("fills_used <= refills_authorized").
		Where("last_filled_at + make_interval(days => days_supply) >= ?", from).
		Where("last_filled_at + make_interval(days => days_supply) < ?", to)
	if autoRefillOnly {
		q = q.Where("auto_refill")
	}
	var out []domain.Prescription
	if err := q.Order("last_filled_at").Find(&out).Error; err != nil {
		return nil, translate(err)
	}
	return out, nil
}

type ReminderPreferenceRepo struct {
	*Repository[domain.ReminderPreference]
}

func NewReminderPreferenceRepo(db *gorm.DB) *ReminderPreferenceRepo {
	return &ReminderPreferenceRepo{Repository: NewRepository[domain.ReminderPreference](db)}
}

// Put replaces the preference for a prescription.
func (r *ReminderPreferenceRepo) Put(ctx context.Context, p *domain.ReminderPreference) error {
	return r.Upsert(ctx, p, []string{"prescription_id"}, []string{"enabled", "days_before", "updated_at"})
}

// ForPrescriptions returns preferences keyed by prescription.
func (r *ReminderPreferenceRepo) ForPrescriptions(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]domain.ReminderPreference, error) {
	out := make(map[uuid.UUID]domain.ReminderPreference, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := r.Find(ctx, "prescription_id IN ?", ids)
	if err != nil {
		return nil, err
	}
	for _, p := range rows {
		out[p.PrescriptionID] = p
	}
	return out, nil
}
