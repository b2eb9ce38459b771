package mysqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type loanRepo struct{ q querier }

const loanCols = `id, reservation_id, member_id, tool_id, locker_id, workflow_id, status, due_at,
	picked_up_at, returned_at, extension_count, created_at, updated_at`

func (r loanRepo) InsertIfAbsent(ctx context.Context, l *domain.Loan) (bool, error) {
	return affected(r.q.NamedExecContext(ctx, `
		INSERT INTO loans (`+loanCols+`)
		VALUES (:id, :reservation_id, :member_id, :tool_id, :locker_id, :workflow_id, :status, :due_at,
			:picked_up_at, :returned_at, :extension_count, :created_at, :updated_at)
		ON DUPLICATE KEY UPDATE id = id`, l))
}

func (r loanRepo) Get(ctx context.Context, id string) (*domain.Loan, error) {
	var l domain.Loan
	if err := r.q.GetContext(ctx, &l, `SELECT `+loanCols+` FROM loans WHERE id = ?`, id); err != nil {
		return nil, notFound(err, "loan "+id)
	}
	return &l, nil
}

func (r loanRepo) GetForUpdate(ctx context.Context, id string) (*domain.Loan, error) {
	var l domain.Loan
	if err := r.q.GetContext(ctx, &l, `SELECT `+loanCols+` FROM loans WHERE id = ? FOR UPDATE`, id); err != nil {
		return nil, notFound(err, "loan "+id)
	}
	return &l, nil
}

func (r loanRepo) GetByReservation(ctx context.Context, reservationID string) (*domain.Loan, error) {
	var l domain.Loan
	if err := r.q.GetContext(ctx, &l, `SELECT `+loanCols+` FROM loans WHERE reservation_id = ?`, reservationID); err != nil {
		return nil, notFound(err, "loan for reservation "+reservationID)
	}
	return &l, nil
}

func (r loanRepo) Transition(ctx context.Context, id string, from, to domain.LoanStatus, at time.Time) (bool, error) {
	var pickedUp any
	if to == domain.LoanActive {
		pickedUp = at
	}
	return affected(r.q.ExecContext(ctx, `
		UPDATE loans SET status = ?, updated_at = ?, picked_up_at = COALESCE(picked_up_at, ?)
		WHERE id = ? AND status = ?`, to, at, pickedUp, id, from))
}

func (r loanRepo) SetReturned(ctx context.Context, id string, returnedAt time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE loans SET status = 'returned', returned_at = ?, updated_at = ?
		WHERE id = ? AND status = 'active'`, returnedAt, returnedAt, id))
}

func (r loanRepo) ExtendDue(ctx context.Context, id string, expectedCount int, newDue time.Time, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE loans SET due_at = ?, extension_count = extension_count + 1, updated_at = ?
		WHERE id = ? AND extension_count = ? AND status = 'active'`, newDue, at, id, expectedCount))
}

func (r loanRepo) InsertExtension(ctx context.Context, e *domain.LoanExtension) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO loan_extensions (id, loan_id, seq, previous_due, new_due, fee_cents, charge_id, created_at)
		VALUES (:id, :loan_id, :seq, :previous_due, :new_due, :fee_cents, :charge_id, :created_at)`, e)
	if isDuplicate(err) {
		return fmt.Errorf("loan %s extension %d: %w", e.LoanID, e.Seq, domain.ErrConflict)
	}
	return err
}

func (r loanRepo) ListOverdue(ctx context.Context, now time.Time, afterID string, limit int) ([]domain.Loan, error) {
	var out []domain.Loan
	err := r.q.SelectContext(ctx, &out, `
		SELECT `+loanCols+` FROM loans
		WHERE status = 'active' AND due_at < ? AND id > ?
		ORDER BY id LIMIT ?`, now, afterID, limit)
	return out, err
}

func (r loanRepo) ListDueBetween(ctx context.Context, from, to time.Time, afterID string, limit int) ([]domain.Loan, error) {
	var out []domain.Loan
	err := r.q.SelectContext(ctx, &out, `
		SELECT `+loanCols+` FROM loans
		WHERE status = 'active' AND due_at >= ? AND due_at < ? AND id > ?
		ORDER BY id LIMIT ?`, from, to, afterID, limit)
	return out, err
}

func (r loanRepo) AppendEvent(ctx context.Context, e domain.LoanEvent) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO loan_events (loan_id, kind, detail, occurred_at)
		VALUES (:loan_id, :kind, :detail, :occurred_at)`, e)
	return err
}

func (r loanRepo) InsertAccessCode(ctx context.Context, c *domain.AccessCode) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO locker_access_codes (id, loan_id, locker_id, vendor_code_id, pin, valid_until, created_at)
		VALUES (:id, :loan_id, :locker_id, :vendor_code_id, :pin, :valid_until, :created_at)`, c)
	return err
}

func (r loanRepo) GetAccessCode(ctx context.Context, loanID string) (*domain.AccessCode, error) {
	var c domain.AccessCode
	err := r.q.GetContext(ctx, &c, `
		SELECT id, loan_id, locker_id, vendor_code_id, pin, valid_until, created_at
		FROM locker_access_codes WHERE loan_id = ? ORDER BY created_at DESC LIMIT 1`, loanID)
	if err != nil {
		return nil, notFound(err, "access code for loan "+loanID)
	}
	return &c, nil
}

func (r loanRepo) InsertInspection(ctx context.Context, i *domain.Inspection) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO tool_inspections (id, loan_id, tool_id, inspector, outcome, notes, created_at)
		VALUES (:id, :loan_id, :tool_id, :inspector, :outcome, :notes, :created_at)`, i)
	if err != nil {
		return fmt.Errorf("insert inspection for loan %s: %w", i.LoanID, err)
	}
	return nil
}

func (r loanRepo) GetInspection(ctx context.Context, loanID string) (*domain.Inspection, error) {
	var i domain.Inspection
	err := r.q.GetContext(ctx, &i, `
		SELECT id, loan_id, tool_id, inspector, outcome, notes, created_at
		FROM tool_inspections WHERE loan_id = ?`, loanID)
	if err != nil {
		return nil, notFound(err, "inspection for loan "+loanID)
	}
	return &i, nil
}
