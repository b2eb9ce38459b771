package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/checkins"
)

// Checkins implements checkins.CheckinRepository.
type Checkins struct{}

// Insert writes a check-in; it reports false when the id was already
// stored.
func (Checkins) Insert(ctx context.Context, db sqlx.ExtContext, c *checkins.Checkin) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO indemnitor_checkins (id, indemnitor_id, checked_in_at, latitude, longitude, note)
		VALUES (:id, :indemnitor_id, :checked_in_at, :latitude, :longitude, :note)
		ON CONFLICT (id) DO NOTHING`, c)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Indemnitors implements checkins.IndemnitorRepository.
type Indemnitors struct{}

// Exists reports whether the indemnitor is known.
func (Indemnitors) Exists(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, db, &ok, `SELECT EXISTS (SELECT 1 FROM indemnitors WHERE id = $1)`, id)
	return ok, err
}

// TouchLastCheckin moves last_checkin_at forward (never back) and brings a
// delinquent indemnitor back to active.
func (Indemnitors) TouchLastCheckin(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, at time.Time) error {
	_, err := db.ExecContext(ctx, `
		UPDATE indemnitors
		   SET last_checkin_at = GREATEST(COALESCE(last_checkin_at, $2), $2),
		       status = CASE WHEN status = 'delinquent' THEN 'active' ELSE status END
		 WHERE id = $1`, id, at)
	return err
}

// ListOverdue returns active indemnitors on active bonds whose next
// check-in was due before asOf.
func (Indemnitors) ListOverdue(ctx context.Context, db sqlx.ExtContext, asOf time.Time) ([]checkins.Overdue, error) {
	var out []checkins.Overdue
	err := sqlx.SelectContext(ctx, db, &out, `
		SELECT i.id,
		       (COALESCE(i.last_checkin_at, i.created_at) + make_interval(days => i.checkin_interval_days))::date AS due_on
		  FROM indemnitors i
		  JOIN bonds b ON b.application_id = i.application_id AND b.status = 'active'
		 WHERE i.status = 'active'
		   AND COALESCE(i.last_checkin_at, i.created_at) + make_interval(days => i.checkin_interval_days) < $1
		 ORDER BY due_on`, asOf)
	return out, err
}

// MarkDelinquent flags an active indemnitor as delinquent.
func (Indemnitors) MarkDelinquent(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (bool, error) {
	res, err := db.ExecContext(ctx, `
		UPDATE indemnitors SET status = 'delinquent' WHERE id = $1 AND status = 'active'`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Escalations implements checkins.EscalationRepository.
type Escalations struct{}

// Insert opens an escalation for the agents' work queue.
func (Escalations) Insert(ctx context.Context, db sqlx.ExtContext, e checkins.Escalation) error {
	_, err := db.ExecContext(ctx, `
		INSERT INTO checkin_escalations (indemnitor_id, due_on, days_overdue)
		VALUES ($1, $2, $3)`, e.IndemnitorID, e.DueOn, e.DaysOverdue)
	return err
}
