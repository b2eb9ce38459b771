package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

const refundCols = `id, wash_id, processor_charge_id, amount_cents, reason, status, processor_refund_id,
	requested_by, created_at`

// RefundRepo stores refunds for failed washes.
type RefundRepo struct{}

// NewRefundRepo returns a RefundRepo.
func NewRefundRepo() *RefundRepo { return &RefundRepo{} }

// Insert creates a refund.
func (r *RefundRepo) Insert(ctx context.Context, q sqlx.ExtContext, rf *domain.Refund) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO refunds (id, wash_id, processor_charge_id, amount_cents, reason, status, requested_by)
		VALUES (:id, :wash_id, :processor_charge_id, :amount_cents, :reason, :status, :requested_by)`, rf)
	return err
}

// Get loads a refund.
func (r *RefundRepo) Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.Refund, error) {
	return get[domain.Refund](ctx, q, `SELECT `+refundCols+` FROM refunds WHERE id = $1`, id)
}

// GetByWash loads the refund for a wash.
func (r *RefundRepo) GetByWash(ctx context.Context, q sqlx.ExtContext, washID uuid.UUID) (*domain.Refund, error) {
	return get[domain.Refund](ctx, q, `SELECT `+refundCols+` FROM refunds WHERE wash_id = $1`, washID)
}

// MarkSucceeded records the processor's refund.
func (r *RefundRepo) MarkSucceeded(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, processorRefundID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE refunds SET status = 'succeeded', processor_refund_id = $2, updated_at = now()
		WHERE id = $1`, id, processorRefundID)
	return err
}

// MarkFailed records a refund the processor rejected.
func (r *RefundRepo) MarkFailed(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE refunds SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'pending'`, id)
	return err
}
