package mysqlstore

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type toolRepo struct{ q querier }

const toolCols = `id, branch_id, asset_tag, name, category, size_class, state, deposit_cents,
	daily_late_fee_cents, extension_fee_cents, updated_at`

func (r toolRepo) Get(ctx context.Context, id string) (*domain.Tool, error) {
	var t domain.Tool
	if err := r.q.GetContext(ctx, &t, `SELECT `+toolCols+` FROM tools WHERE id = ?`, id); err != nil {
		return nil, notFound(err, "tool "+id)
	}
	return &t, nil
}

func (r toolRepo) GetForUpdate(ctx context.Context, id string) (*domain.Tool, error) {
	var t domain.Tool
	if err := r.q.GetContext(ctx, &t, `SELECT `+toolCols+` FROM tools WHERE id = ? FOR UPDATE`, id); err != nil {
		return nil, notFound(err, "tool "+id)
	}
	return &t, nil
}

func (r toolRepo) SetState(ctx context.Context, id string, from []domain.ToolState, to domain.ToolState, at time.Time) (bool, error) {
	query, args, err := in(r.q, `UPDATE tools SET state = ?, updated_at = ? WHERE id = ? AND state IN (?)`, to, at, id, from)
	if err != nil {
		return false, err
	}
	return affected(r.q.ExecContext(ctx, query, args...))
}

type lockerRepo struct{ q querier }

const lockerCols = `id, branch_id, vendor_locker_id, label, size_class, state, held_by_loan_id, updated_at`

func (r lockerRepo) Get(ctx context.Context, id string) (*domain.Locker, error) {
	var l domain.Locker
	if err := r.q.GetContext(ctx, &l, `SELECT `+lockerCols+` FROM lockers WHERE id = ?`, id); err != nil {
		return nil, notFound(err, "locker "+id)
	}
	return &l, nil
}

func (r lockerRepo) GetByVendorID(ctx context.Context, vendorLockerID string) (*domain.Locker, error) {
	var l domain.Locker
	if err := r.q.GetContext(ctx, &l, `SELECT `+lockerCols+` FROM lockers WHERE vendor_locker_id = ?`, vendorLockerID); err != nil {
		return nil, notFound(err, "locker vendor "+vendorLockerID)
	}
	return &l, nil
}

func (r lockerRepo) ClaimFree(ctx context.Context, branchID, sizeClass string) (*domain.Locker, error) {
	var l domain.Locker
	err := r.q.GetContext(ctx, &l, `
		SELECT `+lockerCols+` FROM lockers
		WHERE branch_id = ? AND size_class = ? AND state = 'free'
		ORDER BY label LIMIT 1 FOR UPDATE SKIP LOCKED`, branchID, sizeClass)
	if err != nil {
		return nil, notFound(err, "free locker")
	}
	return &l, nil
}

func (r lockerRepo) SetState(ctx context.Context, id string, state domain.LockerState, heldByLoan *string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `UPDATE lockers SET state = ?, held_by_loan_id = ?, updated_at = ? WHERE id = ?`,
		state, strPtr(heldByLoan), at, id)
	return err
}

func (r lockerRepo) InsertStaffOpen(ctx context.Context, o *domain.StaffLockerOpen) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO staff_locker_opens (id, locker_id, staff_id, reason, vendor_command_id, created_at)
		VALUES (:id, :locker_id, :staff_id, :reason, :vendor_command_id, :created_at)`, o)
	return err
}

func (r lockerRepo) SetStaffOpenCommand(ctx context.Context, id, commandID string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE staff_locker_opens SET vendor_command_id = ? WHERE id = ?`, commandID, id)
	return err
}
