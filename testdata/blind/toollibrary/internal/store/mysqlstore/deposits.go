package mysqlstore

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type depositRepo struct{ q querier }

const depositCols = `id, loan_id, member_id, amount_cents, currency, status, hold_op_key,
	processor_auth_id, captured_cents, created_at, updated_at`

func (r depositRepo) InsertIfAbsent(ctx context.Context, d *domain.Deposit) (bool, error) {
	return affected(r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO deposits (`+depositCols+`)
		VALUES (:id, :loan_id, :member_id, :amount_cents, :currency, :status, :hold_op_key,
			:processor_auth_id, :captured_cents, :created_at, :updated_at)`, d))
}

func (r depositRepo) get(ctx context.Context, where string, arg any) (*domain.Deposit, error) {
	var d domain.Deposit
	if err := r.q.GetContext(ctx, &d, `SELECT `+depositCols+` FROM deposits WHERE `+where, arg); err != nil {
		return nil, notFound(err, "deposit")
	}
	return &d, nil
}

func (r depositRepo) Get(ctx context.Context, id string) (*domain.Deposit, error) {
	return r.get(ctx, "id = ?", id)
}

func (r depositRepo) GetByLoan(ctx context.Context, loanID string) (*domain.Deposit, error) {
	return r.get(ctx, "loan_id = ?", loanID)
}

func (r depositRepo) GetByLoanForUpdate(ctx context.Context, loanID string) (*domain.Deposit, error) {
	return r.get(ctx, "loan_id = ? FOR UPDATE", loanID)
}

func (r depositRepo) GetByAuthorization(ctx context.Context, authID string) (*domain.Deposit, error) {
	return r.get(ctx, "processor_auth_id = ?", authID)
}

func (r depositRepo) MarkHeld(ctx context.Context, id, authID string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE deposits SET status = 'held', processor_auth_id = ?, updated_at = ?
		WHERE id = ? AND status IN ('pending', 'held')`, authID, at, id)
	return err
}

func (r depositRepo) SetStatus(ctx context.Context, id string, from []domain.DepositStatus, to domain.DepositStatus, at time.Time) (bool, error) {
	query, args, err := in(r.q, `UPDATE deposits SET status = ?, updated_at = ? WHERE id = ? AND status IN (?)`, to, at, id, from)
	if err != nil {
		return false, err
	}
	return affected(r.q.ExecContext(ctx, query, args...))
}

func (r depositRepo) AddCaptured(ctx context.Context, id string, cents int64, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE deposits SET captured_cents = captured_cents + ?, status = 'captured', updated_at = ?
		WHERE id = ?`, cents, at, id)
	return err
}

func (r depositRepo) InsertOpIfAbsent(ctx context.Context, op *domain.DepositOperation) (bool, error) {
	return affected(r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO deposit_operations
			(op_key, deposit_id, kind, amount_cents, status, processor_ref, last_error, created_at, updated_at)
		VALUES (:op_key, :deposit_id, :kind, :amount_cents, :status, :processor_ref, :last_error, :created_at, :updated_at)`, op))
}

func (r depositRepo) GetOp(ctx context.Context, opKey string) (*domain.DepositOperation, error) {
	var op domain.DepositOperation
	err := r.q.GetContext(ctx, &op, `
		SELECT op_key, deposit_id, kind, amount_cents, status, processor_ref, last_error, created_at, updated_at
		FROM deposit_operations WHERE op_key = ?`, opKey)
	if err != nil {
		return nil, notFound(err, "deposit operation "+opKey)
	}
	return &op, nil
}

func (r depositRepo) CompleteOp(ctx context.Context, opKey, status, processorRef, lastErr string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE deposit_operations SET status = ?, processor_ref = COALESCE(?, processor_ref), last_error = ?, updated_at = ?
		WHERE op_key = ?`, status, nullIfEmpty(processorRef), nullIfEmpty(lastErr), at, opKey)
	return err
}
