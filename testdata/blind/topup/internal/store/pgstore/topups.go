package pgstore

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/example/topup/internal/domain"
)

type TopUps struct{}

func NewTopUps() *TopUps { return &TopUps{} }

const topUpColumns = `id, customer_id, reseller_id, msisdn, operator, amount_cents, currency,
	idempotency_key, status, payment_intent_id, carrier_txn_id, failure_reason, source, created_at, updated_at`

func scanTopUp(row pgx.Row) (*domain.TopUp, error) {
	var t domain.TopUp
	err := row.Scan(&t.ID, &t.CustomerID, &t.ResellerID, &t.MSISDN, &t.Operator, &t.AmountCents, &t.Currency,
		&t.IdempotencyKey, &t.Status, &t.PaymentIntentID, &t.CarrierTxnID, &t.FailureReason, &t.Source,
		&t.CreatedAt, &t.UpdatedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &t, nil
}

// CreateOnce inserts the top-up unless one already exists for the same
// customer and idempotency key. It returns the stored row and whether it was
// created by this call.
func (r *TopUps) CreateOnce(ctx context.Context, q DBTX, t *domain.TopUp) (*domain.TopUp, bool, error) {
	row := q.QueryRow(ctx, `
		INSERT INTO topups (id, customer_id, reseller_id, msisdn, operator, amount_cents, currency,
		                    idempotency_key, status, source)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT ON CONSTRAINT topups_customer_idempotency_key DO NOTHING
		RETURNING `+topUpColumns,
		t.ID, t.CustomerID, t.ResellerID, t.MSISDN, t.Operator, t.AmountCents, t.Currency,
		t.IdempotencyKey, t.Status, t.Source)
	created, err := scanTopUp(row)
	if err == nil {
		return created, true, nil
	}
	if err != domain.ErrNotFound {
		return nil, false, fmt.Errorf("insert topup: %w", err)
	}
	existing, err := r.GetByIdempotencyKey(ctx, q, *t.CustomerID, *t.IdempotencyKey)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

func (r *TopUps) Get(ctx context.Context, q DBTX, id uuid.UUID) (*domain.TopUp, error) {
	return scanTopUp(q.QueryRow(ctx, `SELECT `+topUpColumns+` FROM topups WHERE id = $1`, id))
}

func (r *TopUps) GetForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (*domain.TopUp, error) {
	return scanTopUp(tx.QueryRow(ctx, `SELECT `+topUpColumns+` FROM topups WHERE id = $1 FOR UPDATE`, id))
}

func (r *TopUps) GetByIdempotencyKey(ctx context.Context, q DBTX, customerID uuid.UUID, key string) (*domain.TopUp, error) {
	return scanTopUp(q.QueryRow(ctx,
		`SELECT `+topUpColumns+` FROM topups WHERE customer_id = $1 AND idempotency_key = $2`, customerID, key))
}

// Transition moves a top-up from one of the given states to the target state.
// It reports false when the row was not in any of the expected states.
func (r *TopUps) Transition(ctx context.Context, q DBTX, id uuid.UUID, to domain.TopUpStatus, from ...domain.TopUpStatus) (bool, error) {
	states := make([]string, len(from))
	for i, s := range from {
		states[i] = string(s)
	}
	tag, err := q.Exec(ctx, `
		UPDATE topups SET status = $2, updated_at = now()
		WHERE id = $1 AND status = ANY($3)`, id, to, states)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *TopUps) MarkPaid(ctx context.Context, q DBTX, id uuid.UUID, paymentIntentID string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE topups SET status = 'paid', payment_intent_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, paymentIntentID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *TopUps) MarkSubmitted(ctx context.Context, q DBTX, id uuid.UUID, carrierTxnID string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE topups SET status = 'submitted', carrier_txn_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'paid'`, id, carrierTxnID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *TopUps) MarkFailed(ctx context.Context, q DBTX, id uuid.UUID, reason string) error {
	_, err := q.Exec(ctx, `
		UPDATE topups SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'paid', 'submitted')`, id, reason)
	return err
}

type CarrierAttempt struct {
	ID         uuid.UUID
	TopUpID    uuid.UUID
	RequestKey string
	HTTPStatus *int
	Error      *string
}

func (r *TopUps) LogCarrierAttempt(ctx context.Context, q DBTX, a CarrierAttempt) error {
	_, err := q.Exec(ctx, `
		INSERT INTO carrier_attempts (id, topup_id, request_key, http_status, error)
		VALUES ($1, $2, $3, $4, $5)`, a.ID, a.TopUpID, a.RequestKey, a.HTTPStatus, a.Error)
	return err
}

func (r *TopUps) InsertRefund(ctx context.Context, q DBTX, rf domain.Refund) error {
	_, err := q.Exec(ctx, `
		INSERT INTO refunds (id, topup_id, amount_cents, stripe_refund_id, reason)
		VALUES ($1, $2, $3, $4, $5)`, rf.ID, rf.TopUpID, rf.AmountCents, rf.StripeRefundID, rf.Reason)
	return err
}

func (r *TopUps) RefundedTotal(ctx context.Context, q DBTX, topUpID uuid.UUID) (int64, error) {
	var total int64
	err := q.QueryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE topup_id = $1`, topUpID).Scan(&total)
	return total, err
}
