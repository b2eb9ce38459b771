package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type StaffRepo struct{ db *DB }

func NewStaffRepo(db *DB) *StaffRepo { return &StaffRepo{db: db} }

func scanShift(row pgx.Row) (domain.Shift, error) {
	var (
		s    domain.Shift
		role string
	)
	err := row.Scan(&s.ID, &s.EventID, &role, &s.StartsAt, &s.EndsAt, &s.Headcount)
	s.Role = domain.StaffRole(role)
	return s, err
}

func scanStaff(row pgx.Row) (domain.StaffMember, error) {
	var (
		m    domain.StaffMember
		role string
	)
	err := row.Scan(&m.ID, &m.Name, &m.Phone, &role, &m.Active)
	m.Role = domain.StaffRole(role)
	return m, err
}

func (r *StaffRepo) GetShift(ctx context.Context, id uuid.UUID) (domain.Shift, error) {
	s, err := scanShift(r.db.q(ctx).QueryRow(ctx, `
		SELECT id, event_id, role, starts_at, ends_at, headcount FROM shifts WHERE id = $1`, id))
	return s, mapErr(err)
}

func (r *StaffRepo) ListStaff(ctx context.Context, ids []uuid.UUID) ([]domain.StaffMember, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT id, name, phone, role, active FROM staff WHERE id = ANY($1) AND active ORDER BY name`, ids)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, scanStaff)
}

func (r *StaffRepo) Assign(ctx context.Context, shiftID uuid.UUID, staffIDs []uuid.UUID) ([]domain.ShiftAssignment, error) {
	q := r.db.q(ctx)
	for _, id := range staffIDs {
		if _, err := q.Exec(ctx, `
			INSERT INTO shift_assignments (shift_id, staff_id) VALUES ($1, $2)
			ON CONFLICT (shift_id, staff_id) DO NOTHING`, shiftID, id); err != nil {
			return nil, mapErr(err)
		}
	}
	rows, err := q.Query(ctx, `
		SELECT shift_id, staff_id, status, assigned_at FROM shift_assignments
		 WHERE shift_id = $1 ORDER BY assigned_at`, shiftID)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, func(row pgx.Row) (domain.ShiftAssignment, error) {
		var a domain.ShiftAssignment
		err := row.Scan(&a.ShiftID, &a.StaffID, &a.Status, &a.AssignedAt)
		return a, err
	})
}

// Claim assigns staffID to an open slot on the shift. It reports false when
// the shift is already fully staffed.
func (r *StaffRepo) Claim(ctx context.Context, shiftID, staffID uuid.UUID) (bool, error) {
	tag, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO shift_assignments (shift_id, staff_id, status)
		SELECT s.id, $2, 'claimed'
		  FROM shifts s
		 WHERE s.id = $1
		   AND (SELECT count(*) FROM shift_assignments a WHERE a.shift_id = s.id) < s.headcount
		ON CONFLICT (shift_id, staff_id) DO NOTHING`, shiftID, staffID)
	if err != nil {
		return false, mapErr(err)
	}
	if tag.RowsAffected() == 1 {
		return true, nil
	}
	var mine bool
	err = r.db.q(ctx).QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM shift_assignments WHERE shift_id = $1 AND staff_id = $2)`,
		shiftID, staffID).Scan(&mine)
	return mine, mapErr(err)
}

func (r *StaffRepo) AssignedCount(ctx context.Context, shiftID uuid.UUID) (int, error) {
	var n int
	err := r.db.q(ctx).QueryRow(ctx, `SELECT count(*) FROM shift_assignments WHERE shift_id = $1`, shiftID).Scan(&n)
	return n, mapErr(err)
}

func (r *StaffRepo) RemindersFor(ctx context.Context, from, to time.Time) ([]domain.ShiftReminder, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT s.id, s.event_id, s.role, s.starts_at, s.ends_at, s.headcount,
		       m.id, m.name, m.phone, m.role, m.active,
		       COALESCE(v.name, 'client site')
		  FROM shift_assignments a
		  JOIN shifts s ON s.id = a.shift_id
		  JOIN staff m ON m.id = a.staff_id
		  JOIN events e ON e.id = s.event_id
		  LEFT JOIN venues v ON v.id = e.venue_id
		 WHERE s.starts_at >= $1 AND s.starts_at < $2
		   AND e.status <> 'cancelled' AND m.active
		 ORDER BY s.starts_at, m.name`, from, to)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, func(row pgx.Row) (domain.ShiftReminder, error) {
		var (
			rm        domain.ShiftReminder
			sRole     string
			staffRole string
		)
		err := row.Scan(&rm.Shift.ID, &rm.Shift.EventID, &sRole, &rm.Shift.StartsAt, &rm.Shift.EndsAt, &rm.Shift.Headcount,
			&rm.Staff.ID, &rm.Staff.Name, &rm.Staff.Phone, &staffRole, &rm.Staff.Active, &rm.Venue)
		rm.Shift.Role = domain.StaffRole(sRole)
		rm.Staff.Role = domain.StaffRole(staffRole)
		return rm, err
	})
}
