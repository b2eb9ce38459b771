// Package repo holds the hand-written pgx repositories. Every method takes a
// db.Querier so callers choose between the pool and an open transaction.
package repo

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Members persists program members.
type Members struct{}

// NewMembers returns a Members repository.
func NewMembers() *Members { return &Members{} }

const memberCols = `id, employee_id, email, full_name, coalesce(phone_e164, ''), home_site,
	payroll_worker_id, is_driver, status, created_at`

func scanMember(row pgx.Row) (*domain.Member, error) {
	var m domain.Member
	err := row.Scan(&m.ID, &m.EmployeeID, &m.Email, &m.FullName, &m.PhoneE164, &m.HomeSite,
		&m.PayrollWorkerID, &m.IsDriver, &m.Status, &m.CreatedAt)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &m, nil
}

// Enroll inserts m unless a member with the same employee id exists, in which
// case the existing member is returned with created=false.
func (r *Members) Enroll(ctx context.Context, q db.Querier, m domain.Member) (*domain.Member, bool, error) {
	row := q.QueryRow(ctx, `
		INSERT INTO members (id, employee_id, email, full_name, phone_e164, home_site, payroll_worker_id, is_driver)
		VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7, $8)
		ON CONFLICT (employee_id) DO NOTHING
		RETURNING `+memberCols,
		m.ID, m.EmployeeID, m.Email, m.FullName, m.PhoneE164, m.HomeSite, m.PayrollWorkerID, m.IsDriver)
	created, err := scanMember(row)
	if err == nil {
		return created, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return nil, false, fmt.Errorf("members: enroll: %w", err)
	}
	existing, err := r.GetByEmployeeID(ctx, q, m.EmployeeID)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// Get loads a member by id.
func (r *Members) Get(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Member, error) {
	m, err := scanMember(q.QueryRow(ctx, `SELECT `+memberCols+` FROM members WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("members: get %s: %w", id, err)
	}
	return m, nil
}

// GetByEmployeeID loads a member by HR employee id.
func (r *Members) GetByEmployeeID(ctx context.Context, q db.Querier, employeeID string) (*domain.Member, error) {
	m, err := scanMember(q.QueryRow(ctx, `SELECT `+memberCols+` FROM members WHERE employee_id = $1`, employeeID))
	if err != nil {
		return nil, fmt.Errorf("members: get by employee id: %w", err)
	}
	return m, nil
}

// RecipientsForVanpool lists active riders of a van who have a phone number.
func (r *Members) RecipientsForVanpool(ctx context.Context, q db.Querier, vanpoolID uuid.UUID) ([]domain.Recipient, error) {
	rows, err := q.Query(ctx, `
		SELECT m.id, m.full_name, m.phone_e164
		FROM vanpool_riders vr
		JOIN members m ON m.id = vr.member_id
		WHERE vr.vanpool_id = $1 AND vr.status = 'active'
		  AND m.status = 'active' AND m.phone_e164 IS NOT NULL
		ORDER BY m.full_name`, vanpoolID)
	if err != nil {
		return nil, fmt.Errorf("members: recipients: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Recipient, error) {
		var rc domain.Recipient
		err := row.Scan(&rc.MemberID, &rc.FullName, &rc.PhoneE164)
		return rc, err
	})
}
