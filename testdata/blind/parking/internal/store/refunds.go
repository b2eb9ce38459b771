package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type RefundRepository interface {
	// Claim records a refund for a session. One refund per session; an
	// existing refund is returned with created=false.
	Claim(ctx context.Context, tx *sqlx.Tx, r *domain.Refund) (*domain.Refund, bool, error)
	MarkSucceeded(ctx context.Context, id uuid.UUID, stripeRefundID string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
}

type refundRepo struct{ db *sqlx.DB }

func NewRefundRepository(db *sqlx.DB) RefundRepository { return &refundRepo{db: db} }

const refundCols = `id, session_id, charge_id, amount_cents, reason, requested_by, status,
	stripe_refund_id, created_at, completed_at`

func (r *refundRepo) Claim(ctx context.Context, tx *sqlx.Tx, rf *domain.Refund) (*domain.Refund, bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO refunds (id, session_id, charge_id, amount_cents, reason, requested_by, status, created_at)
		VALUES (:id, :session_id, :charge_id, :amount_cents, :reason, :requested_by, :status, :created_at)
		ON CONFLICT (session_id) DO NOTHING`, rf)
	if err != nil {
		return nil, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return rf, true, nil
	}
	var existing domain.Refund
	err = q(r.db, tx).GetContext(ctx, &existing, `SELECT `+refundCols+` FROM refunds WHERE session_id = $1`, rf.SessionID)
	if err != nil {
		return nil, false, err
	}
	return &existing, false, nil
}

func (r *refundRepo) MarkSucceeded(ctx context.Context, id uuid.UUID, stripeRefundID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, completed_at = now()
		WHERE id = $1`, id, stripeRefundID)
	return err
}

func (r *refundRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.ExecContext(ctx, `UPDATE refunds SET status = 'failed' WHERE id = $1 AND status = 'pending'`, id)
	return err
}
