package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

type holdRepo struct{ x sqlx.ExtContext }

const holdColumns = `id, job_id, quote_id, amount_cents, currency, payment_intent_id, status,
	captured_cents, refunded_cents, expires_at, created_at, updated_at`

func (r *holdRepo) InsertIgnore(ctx context.Context, h *domain.PaymentHold) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO payment_holds (id, job_id, quote_id, amount_cents, currency, status, created_at, updated_at)
		VALUES (:id, :job_id, :quote_id, :amount_cents, :currency, :status, :created_at, :updated_at)
		ON CONFLICT (id) DO NOTHING`, h)
	return n > 0, err
}

func (r *holdRepo) Get(ctx context.Context, id string) (*domain.PaymentHold, error) {
	return getOne[domain.PaymentHold](ctx, r.x, `SELECT `+holdColumns+` FROM payment_holds WHERE id = $1`, id)
}

func (r *holdRepo) ByJob(ctx context.Context, jobID string) (*domain.PaymentHold, error) {
	return getOne[domain.PaymentHold](ctx, r.x, `SELECT `+holdColumns+` FROM payment_holds WHERE job_id = $1`, jobID)
}

func (r *holdRepo) ByPaymentIntent(ctx context.Context, piID string) (*domain.PaymentHold, error) {
	return getOne[domain.PaymentHold](ctx, r.x, `
		SELECT `+holdColumns+` FROM payment_holds WHERE payment_intent_id = $1`, piID)
}

func (r *holdRepo) MarkAuthorized(ctx context.Context, id, piID string, expiresAt time.Time) error {
	return expectRow("hold " + id)(exec(ctx, r.x, `
		UPDATE payment_holds
		SET payment_intent_id = $2, status = 'authorized', expires_at = $3, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'authorized')`, id, piID, expiresAt))
}

func (r *holdRepo) MarkCaptured(ctx context.Context, id string, cents int64) error {
	_, err := exec(ctx, r.x, `
		UPDATE payment_holds SET status = 'captured', captured_cents = $2, updated_at = now()
		WHERE id = $1 AND status = 'authorized'`, id, cents)
	return err
}

func (r *holdRepo) SetStatus(ctx context.Context, id string, from []string, to string) (bool, error) {
	n, err := exec(ctx, r.x, `
		UPDATE payment_holds SET status = $2, updated_at = now()
		WHERE id = $1 AND status = ANY($3)`, id, to, from)
	return n > 0, err
}

func (r *holdRepo) AddRefunded(ctx context.Context, id string, cents int64) error {
	return expectRow("hold " + id)(exec(ctx, r.x, `
		UPDATE payment_holds SET refunded_cents = refunded_cents + $2, updated_at = now()
		WHERE id = $1`, id, cents))
}

func (r *holdRepo) ListExpired(ctx context.Context, before time.Time, limit int) ([]domain.PaymentHold, error) {
	return getMany[domain.PaymentHold](ctx, r.x, `
		SELECT `+holdColumns+` FROM payment_holds
		WHERE status = 'authorized' AND expires_at < $1
		ORDER BY expires_at LIMIT $2`, before, limit)
}

type refundRepo struct{ x sqlx.ExtContext }

func (r *refundRepo) Insert(ctx context.Context, rf *domain.Refund) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO refunds (id, hold_id, amount_cents, reason, requested_by, status, created_at, updated_at)
		VALUES (:id, :hold_id, :amount_cents, :reason, :requested_by, :status, :created_at, :updated_at)`, rf)
	return err
}

func (r *refundRepo) Get(ctx context.Context, id string) (*domain.Refund, error) {
	return getOne[domain.Refund](ctx, r.x, `
		SELECT id, hold_id, amount_cents, reason, requested_by, status, stripe_refund_id, created_at, updated_at
		FROM refunds WHERE id = $1`, id)
}

func (r *refundRepo) MarkSucceeded(ctx context.Context, id, stripeRefundID string) error {
	return expectRow("refund " + id)(exec(ctx, r.x, `
		UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, updated_at = now()
		WHERE id = $1`, id, stripeRefundID))
}

func (r *refundRepo) MarkFailed(ctx context.Context, id string) error {
	_, err := exec(ctx, r.x, `UPDATE refunds SET status = 'failed', updated_at = now() WHERE id = $1`, id)
	return err
}

type payoutRepo struct{ x sqlx.ExtContext }

func (r *payoutRepo) Insert(ctx context.Context, p *domain.Payout) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO payouts (id, job_id, technician_id, amount_cents, currency, status, created_at)
		VALUES (:id, :job_id, :technician_id, :amount_cents, :currency, :status, :created_at)`, p)
	return err
}

func (r *payoutRepo) Get(ctx context.Context, id string) (*domain.Payout, error) {
	return getOne[domain.Payout](ctx, r.x, `
		SELECT id, job_id, technician_id, amount_cents, currency, status, stripe_transfer_id, created_at, paid_at
		FROM payouts WHERE id = $1`, id)
}

func (r *payoutRepo) MarkPaid(ctx context.Context, id, transferID string, at time.Time) error {
	return expectRow("payout " + id)(exec(ctx, r.x, `
		UPDATE payouts SET status = 'paid', stripe_transfer_id = $2, paid_at = $3
		WHERE id = $1`, id, transferID, at))
}

type ledgerRepo struct{ x sqlx.ExtContext }

func (r *ledgerRepo) Append(ctx context.Context, entries ...domain.LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	_, err := sqlx.NamedExecContext(ctx, r.x, `
		INSERT INTO ledger_entries (id, account, job_id, kind, amount_cents, currency, reference, created_at)
		VALUES (:id, :account, :job_id, :kind, :amount_cents, :currency, :reference, :created_at)`, entries)
	return err
}

type invoiceRepo struct{ x sqlx.ExtContext }

func (r *invoiceRepo) InsertIgnore(ctx context.Context, inv *domain.Invoice) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO invoices (id, job_id, amount_cents, currency, created_at)
		VALUES (:id, :job_id, :amount_cents, :currency, :created_at)
		ON CONFLICT ON CONSTRAINT invoices_job_key DO NOTHING`, inv)
	return n > 0, err
}

func (r *invoiceRepo) ByJob(ctx context.Context, jobID string) (*domain.Invoice, error) {
	return getOne[domain.Invoice](ctx, r.x, `
		SELECT id, job_id, amount_cents, currency, insurer_invoice_ref, sent_at, created_at
		FROM invoices WHERE job_id = $1`, jobID)
}

func (r *invoiceRepo) SetInsurerRef(ctx context.Context, id, ref string) error {
	_, err := exec(ctx, r.x, `UPDATE invoices SET insurer_invoice_ref = $2 WHERE id = $1`, id, ref)
	return err
}

func (r *invoiceRepo) MarkSent(ctx context.Context, id string, at time.Time) error {
	_, err := exec(ctx, r.x, `UPDATE invoices SET sent_at = $2 WHERE id = $1 AND sent_at IS NULL`, id, at)
	return err
}
