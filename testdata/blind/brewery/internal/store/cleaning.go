package store

import (
	"context"
	"fmt"
	"time"

	"github.com/ironkettle/taproute/internal/domain"
)

// CleaningRepo persists draft-line cleaning appointments and their charges.
type CleaningRepo struct{}

// NewCleaningRepo constructs a CleaningRepo.
func NewCleaningRepo() *CleaningRepo { return &CleaningRepo{} }

// Insert creates an appointment.
func (r *CleaningRepo) Insert(ctx context.Context, q Querier, a domain.CleaningAppointment) error {
	_, err := q.Exec(ctx, `
		INSERT INTO cleaning_appointments (id, account_id, tap_lines, scheduled_for, technician, notes)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.AccountID, a.TapLines, a.ScheduledFor, a.Technician, a.Notes)
	if err != nil {
		return fmt.Errorf("insert cleaning appointment: %w", err)
	}
	return nil
}

// Get loads an appointment.
func (r *CleaningRepo) Get(ctx context.Context, q Querier, id string) (domain.CleaningAppointment, error) {
	var a domain.CleaningAppointment
	err := q.QueryRow(ctx, `
		SELECT id, account_id, tap_lines, scheduled_for, technician, status, notes, completed_at
		  FROM cleaning_appointments WHERE id = $1`, id).
		Scan(&a.ID, &a.AccountID, &a.TapLines, &a.ScheduledFor, &a.Technician, &a.Status, &a.Notes, &a.CompletedAt)
	return a, notFound(err)
}

// CountForTechnician counts a technician's open appointments in a window; the
// scheduler uses it to balance load.
func (r *CleaningRepo) CountForTechnician(ctx context.Context, q Querier, tech string, from, to time.Time) (int, error) {
	var n int
	err := q.QueryRow(ctx, `
		SELECT count(*) FROM cleaning_appointments
		 WHERE technician = $1 AND status = 'scheduled' AND scheduled_for >= $2 AND scheduled_for < $3`,
		tech, from, to).Scan(&n)
	return n, err
}

// Complete marks a scheduled appointment completed. It reports false if the
// appointment was not in the scheduled state.
func (r *CleaningRepo) Complete(ctx context.Context, q Querier, id string, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE cleaning_appointments SET status = 'completed', completed_at = $2
		 WHERE id = $1 AND status = 'scheduled'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// InsertChargeIfAbsent bills a completed appointment once.
func (r *CleaningRepo) InsertChargeIfAbsent(ctx context.Context, q Querier, apptID, accountID string, lines int, cents int64) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO cleaning_charges (appointment_id, account_id, lines_cleaned, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (appointment_id) DO NOTHING`, apptID, accountID, lines, cents)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
