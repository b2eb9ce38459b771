package mysqlstore

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type feeRepo struct{ q querier }

const feeCols = `id, loan_id, member_id, days_late, amount_cents, status, assessed_at, paid_at`

func (r feeRepo) InsertLateFee(ctx context.Context, f *domain.LateFee) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO late_fees (`+feeCols+`)
		VALUES (:id, :loan_id, :member_id, :days_late, :amount_cents, :status, :assessed_at, :paid_at)`, f)
	return err
}

func (r feeRepo) Get(ctx context.Context, id string) (*domain.LateFee, error) {
	var f domain.LateFee
	if err := r.q.GetContext(ctx, &f, `SELECT `+feeCols+` FROM late_fees WHERE id = ?`, id); err != nil {
		return nil, notFound(err, "late fee "+id)
	}
	return &f, nil
}

func (r feeRepo) GetForUpdate(ctx context.Context, id string) (*domain.LateFee, error) {
	var f domain.LateFee
	if err := r.q.GetContext(ctx, &f, `SELECT `+feeCols+` FROM late_fees WHERE id = ? FOR UPDATE`, id); err != nil {
		return nil, notFound(err, "late fee "+id)
	}
	return &f, nil
}

func (r feeRepo) ListOutstanding(ctx context.Context, olderThan time.Time, afterID string, limit int) ([]domain.LateFee, error) {
	var out []domain.LateFee
	err := r.q.SelectContext(ctx, &out, `
		SELECT `+feeCols+` FROM late_fees
		WHERE status = 'outstanding' AND assessed_at < ? AND id > ?
		ORDER BY id LIMIT ?`, olderThan, afterID, limit)
	return out, err
}

func (r feeRepo) MarkPaid(ctx context.Context, id string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE late_fees SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'outstanding'`, at, id))
}

func (r feeRepo) InsertPaymentIfAbsent(ctx context.Context, p *domain.FeePayment) (bool, error) {
	return affected(r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO fee_payments (fee_id, op_key, amount_cents, status, charge_id, created_at, updated_at)
		VALUES (:fee_id, :op_key, :amount_cents, :status, :charge_id, :created_at, :updated_at)`, p))
}

func (r feeRepo) GetPayment(ctx context.Context, feeID string) (*domain.FeePayment, error) {
	var p domain.FeePayment
	err := r.q.GetContext(ctx, &p, `
		SELECT fee_id, op_key, amount_cents, status, charge_id, created_at, updated_at
		FROM fee_payments WHERE fee_id = ?`, feeID)
	if err != nil {
		return nil, notFound(err, "fee payment "+feeID)
	}
	return &p, nil
}

func (r feeRepo) CompletePayment(ctx context.Context, feeID, status, chargeID string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE fee_payments SET status = ?, charge_id = COALESCE(?, charge_id), updated_at = ?
		WHERE fee_id = ?`, status, nullIfEmpty(chargeID), at, feeID)
	return err
}

func (r feeRepo) AppendAttempt(ctx context.Context, a *domain.FeePaymentAttempt) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO fee_payment_attempts (id, fee_id, source, outcome, error_detail, attempted_at)
		VALUES (:id, :fee_id, :source, :outcome, :error_detail, :attempted_at)`, a)
	return err
}

func (r feeRepo) InsertMemberCharge(ctx context.Context, c *domain.MemberCharge) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO member_charges (id, member_id, loan_id, kind, amount_cents, processor_ref, reason, created_at)
		VALUES (:id, :member_id, :loan_id, :kind, :amount_cents, :processor_ref, :reason, :created_at)`, c)
	return err
}
