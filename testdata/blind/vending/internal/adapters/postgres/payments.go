package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

type PaymentRepo struct{ db Conn }

func NewPaymentRepo(db Conn) *PaymentRepo { return &PaymentRepo{db: db} }

const paymentCols = `id, machine_id, machine_txn_ref, amount_cents, currency, status, vend_status,
	COALESCE(provider_auth_id, ''), COALESCE(provider_capture_id, ''), created_at, updated_at`

func scanPayment(row pgx.Row) (domain.Payment, error) {
	var p domain.Payment
	err := row.Scan(&p.ID, &p.MachineID, &p.MachineTxnRef, &p.AmountCents, &p.Currency, &p.Status,
		&p.VendStatus, &p.ProviderAuthID, &p.ProviderCaptureID, &p.CreatedAt, &p.UpdatedAt)
	return p, err
}

// CreatePending inserts the payment keyed by the reader's transaction
// reference. When the reference is already known the stored payment is
// returned with created=false.
func (r *PaymentRepo) CreatePending(ctx context.Context, p domain.Payment) (domain.Payment, bool, error) {
	q := r.db.From(ctx)
	out, err := scanPayment(q.QueryRow(ctx, `
		INSERT INTO payments (id, machine_id, machine_txn_ref, amount_cents, currency, status, vend_status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (machine_id, machine_txn_ref) DO NOTHING
		RETURNING `+paymentCols,
		p.ID, p.MachineID, p.MachineTxnRef, p.AmountCents, p.Currency, p.Status, p.VendStatus))
	if err == nil {
		return out, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return domain.Payment{}, false, err
	}
	out, err = scanPayment(q.QueryRow(ctx, `
		SELECT `+paymentCols+` FROM payments WHERE machine_id = $1 AND machine_txn_ref = $2`,
		p.MachineID, p.MachineTxnRef))
	if err != nil {
		return domain.Payment{}, false, fmt.Errorf("load existing payment: %w", err)
	}
	return out, false, nil
}

func (r *PaymentRepo) Get(ctx context.Context, id string) (domain.Payment, error) {
	p, err := scanPayment(r.db.From(ctx).QueryRow(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id))
	return p, notFound(err, "payment "+id)
}

func (r *PaymentRepo) GetByCapture(ctx context.Context, captureID string) (domain.Payment, error) {
	p, err := scanPayment(r.db.From(ctx).QueryRow(ctx,
		`SELECT `+paymentCols+` FROM payments WHERE provider_capture_id = $1`, captureID))
	return p, notFound(err, "payment with capture "+captureID)
}

func (r *PaymentRepo) MarkAuthorized(ctx context.Context, id, providerAuthID string) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE payments SET status = 'authorized', provider_auth_id = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, providerAuthID)
	return err
}

func (r *PaymentRepo) MarkDeclined(ctx context.Context, id string) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE payments SET status = 'declined', updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id)
	return err
}

func (r *PaymentRepo) RecordAttempt(ctx context.Context, a domain.PaymentAttempt) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO payment_attempts (id, payment_id, operation, outcome, provider_code, attempted_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.PaymentID, a.Operation, a.Outcome, a.ProviderCode, a.At)
	return err
}

func (r *PaymentRepo) InsertVendOutcome(ctx context.Context, v domain.VendResult) error {
	var product *string
	if v.ProductID != "" {
		product = &v.ProductID
	}
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO vend_outcomes (payment_id, outcome, product_id, reported_at)
		VALUES ($1, $2, $3, $4)`,
		v.PaymentID, v.Outcome, product, v.ReportedAt)
	return err
}

func (r *PaymentRepo) SetVendStatus(ctx context.Context, id string, s domain.VendStatus) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE payments SET vend_status = $2, updated_at = now() WHERE id = $1`, id, s)
	return err
}

func (r *PaymentRepo) ListCapturable(ctx context.Context, limit int) ([]domain.Payment, error) {
	rows, err := r.db.From(ctx).Query(ctx, `
		SELECT `+paymentCols+`
		  FROM payments
		 WHERE status = 'authorized' AND vend_status = 'delivered'
		 ORDER BY created_at
		 LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Payment, error) {
		return scanPayment(row)
	})
}

func (r *PaymentRepo) MarkCaptured(ctx context.Context, id, captureID string) (bool, error) {
	tag, err := r.db.From(ctx).Exec(ctx, `
		UPDATE payments SET status = 'captured', provider_capture_id = $2, updated_at = now()
		 WHERE id = $1 AND status = 'authorized'`, id, captureID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkSettledByCapture moves a captured payment to settled. changed is
// false when the payment was already settled or reversed.
func (r *PaymentRepo) MarkSettledByCapture(ctx context.Context, captureID string) (domain.Payment, bool, error) {
	p, err := scanPayment(r.db.From(ctx).QueryRow(ctx, `
		UPDATE payments SET status = 'settled', updated_at = now()
		 WHERE provider_capture_id = $1 AND status = 'captured'
		RETURNING `+paymentCols, captureID))
	if err == nil {
		return p, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return domain.Payment{}, false, err
	}
	p, err = r.GetByCapture(ctx, captureID)
	return p, false, err
}

func (r *PaymentRepo) MarkReversed(ctx context.Context, id string, to domain.PaymentStatus) (bool, error) {
	tag, err := r.db.From(ctx).Exec(ctx, `
		UPDATE payments SET status = $2, updated_at = now()
		 WHERE id = $1 AND status IN ('authorized', 'captured', 'settled')`, id, to)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

type RefundRepo struct{ db Conn }

func NewRefundRepo(db Conn) *RefundRepo { return &RefundRepo{db: db} }

const refundCols = `id, payment_id, amount_cents, reason, status, COALESCE(provider_refund_id, ''),
	COALESCE(telemetry_event_id, ''), COALESCE(request_key, ''), created_at`

func scanRefund(row pgx.Row) (domain.Refund, error) {
	var f domain.Refund
	err := row.Scan(&f.ID, &f.PaymentID, &f.AmountCents, &f.Reason, &f.Status, &f.ProviderRefundID,
		&f.TelemetryEventID, &f.RequestKey, &f.CreatedAt)
	return f, err
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// InsertForVendFailure records the refund owed for a failed vend. The
// telemetry event id is unique, so a redelivered event gets the refund row
// created the first time.
func (r *RefundRepo) InsertForVendFailure(ctx context.Context, f domain.Refund) (domain.Refund, error) {
	q := r.db.From(ctx)
	out, err := scanRefund(q.QueryRow(ctx, `
		INSERT INTO refunds (id, payment_id, amount_cents, reason, status, telemetry_event_id)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (telemetry_event_id) WHERE telemetry_event_id IS NOT NULL DO NOTHING
		RETURNING `+refundCols,
		f.ID, f.PaymentID, f.AmountCents, f.Reason, f.Status, f.TelemetryEventID))
	if errors.Is(err, pgx.ErrNoRows) {
		return scanRefund(q.QueryRow(ctx, `SELECT `+refundCols+` FROM refunds WHERE telemetry_event_id = $1`, f.TelemetryEventID))
	}
	return out, err
}

// InsertForRequest records a support refund keyed by the console's
// Idempotency-Key.
func (r *RefundRepo) InsertForRequest(ctx context.Context, f domain.Refund) (domain.Refund, error) {
	q := r.db.From(ctx)
	out, err := scanRefund(q.QueryRow(ctx, `
		INSERT INTO refunds (id, payment_id, amount_cents, reason, status, request_key)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (request_key) WHERE request_key IS NOT NULL DO NOTHING
		RETURNING `+refundCols,
		f.ID, f.PaymentID, f.AmountCents, f.Reason, f.Status, nullable(f.RequestKey)))
	if errors.Is(err, pgx.ErrNoRows) {
		return scanRefund(q.QueryRow(ctx, `SELECT `+refundCols+` FROM refunds WHERE request_key = $1`, f.RequestKey))
	}
	return out, err
}

func (r *RefundRepo) Complete(ctx context.Context, id, providerRefundID string) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE refunds SET status = 'completed', provider_refund_id = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, providerRefundID)
	return err
}

func (r *RefundRepo) Fail(ctx context.Context, id string) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE refunds SET status = 'failed', updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id)
	return err
}
