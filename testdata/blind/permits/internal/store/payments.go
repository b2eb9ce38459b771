package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// PaymentRepo persists application fee payments.
type PaymentRepo interface {
	CreateIfAbsent(ctx context.Context, q dbx.Querier, p *permits.FeePayment) (*permits.FeePayment, error)
	Get(ctx context.Context, q dbx.Querier, id uuid.UUID) (*permits.FeePayment, error)
	GetByApplication(ctx context.Context, q dbx.Querier, applicationID string) (*permits.FeePayment, error)
	AttachIntent(ctx context.Context, q dbx.Querier, id uuid.UUID, intentID string) error
	MarkPaidByIntent(ctx context.Context, q dbx.Querier, intentID string) (*permits.FeePayment, error)
}

// RefundRepo persists refunds against fee payments.
type RefundRepo interface {
	Claim(ctx context.Context, q dbx.Querier, r *permits.Refund) (*permits.Refund, error)
	MarkSucceeded(ctx context.Context, q dbx.Querier, id uuid.UUID, stripeRefundID string) error
	MarkFailed(ctx context.Context, q dbx.Querier, id uuid.UUID) error
	SumSucceeded(ctx context.Context, q dbx.Querier, paymentID uuid.UUID, excludeKey string) (int64, error)
}

// LedgerRepo appends to the fee ledger.
type LedgerRepo interface {
	Append(ctx context.Context, q dbx.Querier, e *permits.LedgerEntry) (bool, error)
}

type paymentRepo struct{}

// NewPaymentRepo returns the Postgres PaymentRepo.
func NewPaymentRepo() PaymentRepo { return paymentRepo{} }

const paymentColumns = `id, application_id, amount_cents, currency, coalesce(payment_intent_id, ''), status, paid_at, created_at`

func scanPayment(row pgx.Row) (*permits.FeePayment, error) {
	var p permits.FeePayment
	if err := row.Scan(&p.ID, &p.ApplicationID, &p.AmountCents, &p.Currency, &p.PaymentIntentID, &p.Status, &p.PaidAt, &p.CreatedAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &p, nil
}

// CreateIfAbsent inserts p unless the application already has a fee payment,
// and returns whichever row is stored.
func (r paymentRepo) CreateIfAbsent(ctx context.Context, q dbx.Querier, p *permits.FeePayment) (*permits.FeePayment, error) {
	out, err := scanPayment(q.QueryRow(ctx, `
		INSERT INTO fee_payments (id, application_id, amount_cents, currency)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT ON CONSTRAINT fee_payments_application_key DO NOTHING
		RETURNING `+paymentColumns,
		p.ID, p.ApplicationID, p.AmountCents, p.Currency))
	if err == nil {
		return out, nil
	}
	if err != dbx.ErrNotFound {
		return nil, fmt.Errorf("create fee payment: %w", err)
	}
	return r.GetByApplication(ctx, q, p.ApplicationID)
}

func (paymentRepo) Get(ctx context.Context, q dbx.Querier, id uuid.UUID) (*permits.FeePayment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM fee_payments WHERE id = $1`, id))
}

func (paymentRepo) GetByApplication(ctx context.Context, q dbx.Querier, applicationID string) (*permits.FeePayment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM fee_payments WHERE application_id = $1`, applicationID))
}

func (paymentRepo) AttachIntent(ctx context.Context, q dbx.Querier, id uuid.UUID, intentID string) error {
	_, err := q.Exec(ctx, `
		UPDATE fee_payments SET payment_intent_id = $2
		 WHERE id = $1 AND (payment_intent_id IS NULL OR payment_intent_id = $2)`, id, intentID)
	if err != nil {
		return fmt.Errorf("attach intent: %w", err)
	}
	return nil
}

func (paymentRepo) MarkPaidByIntent(ctx context.Context, q dbx.Querier, intentID string) (*permits.FeePayment, error) {
	return scanPayment(q.QueryRow(ctx, `
		UPDATE fee_payments SET status = 'paid', paid_at = coalesce(paid_at, now())
		 WHERE payment_intent_id = $1
		RETURNING `+paymentColumns, intentID))
}

type refundRepo struct{}

// NewRefundRepo returns the Postgres RefundRepo.
func NewRefundRepo() RefundRepo { return refundRepo{} }

const refundColumns = `id, payment_id, request_key, amount_cents, reason, requested_by, coalesce(stripe_refund_id, ''), status, created_at, completed_at`

func scanRefund(row pgx.Row) (*permits.Refund, error) {
	var r permits.Refund
	if err := row.Scan(&r.ID, &r.PaymentID, &r.RequestKey, &r.AmountCents, &r.Reason, &r.RequestedBy,
		&r.StripeRefundID, &r.Status, &r.CreatedAt, &r.CompletedAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &r, nil
}

// Claim inserts the refund keyed by (payment, request key) or returns the row
// already stored under that key.
func (refundRepo) Claim(ctx context.Context, q dbx.Querier, r *permits.Refund) (*permits.Refund, error) {
	out, err := scanRefund(q.QueryRow(ctx, `
		INSERT INTO refunds (id, payment_id, request_key, amount_cents, reason, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT ON CONSTRAINT refunds_payment_request_key DO NOTHING
		RETURNING `+refundColumns,
		r.ID, r.PaymentID, r.RequestKey, r.AmountCents, r.Reason, r.RequestedBy))
	if err == nil {
		return out, nil
	}
	if err != dbx.ErrNotFound {
		return nil, fmt.Errorf("claim refund: %w", err)
	}
	return scanRefund(q.QueryRow(ctx, `
		SELECT `+refundColumns+` FROM refunds WHERE payment_id = $1 AND request_key = $2`, r.PaymentID, r.RequestKey))
}

func (refundRepo) MarkSucceeded(ctx context.Context, q dbx.Querier, id uuid.UUID, stripeRefundID string) error {
	_, err := q.Exec(ctx, `
		UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, completed_at = now()
		 WHERE id = $1`, id, stripeRefundID)
	if err != nil {
		return fmt.Errorf("mark refund succeeded: %w", err)
	}
	return nil
}

func (refundRepo) MarkFailed(ctx context.Context, q dbx.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE refunds SET status = 'failed' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return fmt.Errorf("mark refund failed: %w", err)
	}
	return nil
}

// SumSucceeded totals refunds that are pending or done, leaving out the one
// stored under excludeKey.
func (refundRepo) SumSucceeded(ctx context.Context, q dbx.Querier, paymentID uuid.UUID, excludeKey string) (int64, error) {
	var total int64
	err := q.QueryRow(ctx, `
		SELECT coalesce(sum(amount_cents), 0) FROM refunds
		 WHERE payment_id = $1 AND status IN ('pending', 'succeeded') AND request_key <> $2`, paymentID, excludeKey).Scan(&total)
	if err != nil {
		return 0, fmt.Errorf("sum refunds: %w", err)
	}
	return total, nil
}

type ledgerRepo struct{}

// NewLedgerRepo returns the Postgres LedgerRepo.
func NewLedgerRepo() LedgerRepo { return ledgerRepo{} }

// Append writes e to the ledger. Entries that carry a SourceRef are written
// at most once per (entry kind, source ref).
func (ledgerRepo) Append(ctx context.Context, q dbx.Querier, e *permits.LedgerEntry) (bool, error) {
	if e.ID == uuid.Nil {
		e.ID = uuid.New()
	}
	tag, err := q.Exec(ctx, `
		INSERT INTO fee_ledger (id, application_id, parking_permit_id, entry_kind, amount_cents, source_ref, memo)
		VALUES ($1, nullif($2, ''), nullif($3, ''), $4, $5, nullif($6, ''), $7)
		ON CONFLICT (entry_kind, source_ref) WHERE source_ref IS NOT NULL DO NOTHING`,
		e.ID, e.ApplicationID, e.ParkingPermitID, e.EntryKind, e.AmountCents, e.SourceRef, e.Memo)
	if err != nil {
		return false, fmt.Errorf("append ledger: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
