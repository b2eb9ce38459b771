package store

import (
	"context"
	"time"

	"github.com/gridwell/utilities/internal/domain"
)

type billingRunRepo struct{ q Querier }

func (r *billingRunRepo) Create(ctx context.Context, run domain.BillingRun) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO billing_runs (id, period_start, period_end, status, requested_by, created_at)
		VALUES (:id, :period_start, :period_end, :status, :requested_by, :created_at)`, run)
	return err
}

func (r *billingRunRepo) Get(ctx context.Context, id string) (*domain.BillingRun, error) {
	var run domain.BillingRun
	err := r.q.GetContext(ctx, &run, `
		SELECT id, period_start, period_end, status, requested_by, created_at
		FROM billing_runs WHERE id = ?`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &run, nil
}

func (r *billingRunRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE billing_runs SET status = ? WHERE id = ?`, status, id)
	return err
}

type billRepo struct{ q Querier }

const billCols = `id, account_id, billing_run_id, period_start, period_end, amount_due_cents,
	amount_paid_cents, status, issued_at, due_at`

func (r *billRepo) Insert(ctx context.Context, b domain.Bill, lines []domain.BillLine) error {
	if _, err := r.q.NamedExecContext(ctx, `
		INSERT INTO bills (id, account_id, billing_run_id, period_start, period_end,
			amount_due_cents, amount_paid_cents, status, issued_at, due_at)
		VALUES (:id, :account_id, :billing_run_id, :period_start, :period_end,
			:amount_due_cents, :amount_paid_cents, :status, :issued_at, :due_at)`, b); err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := r.q.NamedExecContext(ctx, `
			INSERT INTO bill_lines (bill_id, line_no, description, quantity, unit_cents, amount_cents)
			VALUES (:bill_id, :line_no, :description, :quantity, :unit_cents, :amount_cents)`, l); err != nil {
			return err
		}
	}
	return nil
}

func (r *billRepo) Get(ctx context.Context, id string) (*domain.Bill, error) {
	var b domain.Bill
	if err := r.q.GetContext(ctx, &b, `SELECT `+billCols+` FROM bills WHERE id = ?`, id); err != nil {
		return nil, notFound(err)
	}
	return &b, nil
}

func (r *billRepo) GetForUpdate(ctx context.Context, id string) (*domain.Bill, error) {
	var b domain.Bill
	if err := r.q.GetContext(ctx, &b, `SELECT `+billCols+` FROM bills WHERE id = ? FOR UPDATE`, id); err != nil {
		return nil, notFound(err)
	}
	return &b, nil
}

func (r *billRepo) ListOpenByAccount(ctx context.Context, accountID string) ([]domain.Bill, error) {
	var out []domain.Bill
	err := r.q.SelectContext(ctx, &out, `SELECT `+billCols+` FROM bills
		WHERE account_id = ? AND status IN ('issued', 'overdue') ORDER BY period_start`, accountID)
	return out, err
}

func (r *billRepo) ApplyPayment(ctx context.Context, billID string, amountCents int64) error {
	res, err := r.q.ExecContext(ctx, `
		UPDATE bills
		SET amount_paid_cents = amount_paid_cents + ?,
		    status = CASE WHEN amount_paid_cents >= amount_due_cents THEN 'paid' ELSE status END
		WHERE id = ?`, amountCents, billID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *billRepo) ApplyAdjustment(ctx context.Context, billID string, deltaCents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE bills SET amount_due_cents = amount_due_cents + ? WHERE id = ?`, deltaCents, billID)
	return err
}

func (r *billRepo) InsertAdjustmentIfAbsent(ctx context.Context, a domain.Adjustment) (bool, error) {
	res, err := r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO bill_adjustments (adjustment_ref, bill_id, amount_cents, reason, created_at)
		VALUES (:adjustment_ref, :bill_id, :amount_cents, :reason, :created_at)`, a)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *billRepo) MarkIssued(ctx context.Context, billID string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE bills SET status = 'issued', issued_at = ? WHERE id = ? AND status = 'draft'`, at, billID)
	return err
}
