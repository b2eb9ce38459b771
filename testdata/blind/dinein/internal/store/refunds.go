package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// RefundRepository persists full refunds and item adjustments.
type RefundRepository interface {
	// Create records a refund for (order, reason). If one already exists the
	// existing row is returned.
	Create(ctx context.Context, q Querier, rf *Refund) (*Refund, error)
	Get(ctx context.Context, q Querier, id uuid.UUID) (*Refund, error)
	MarkSucceeded(ctx context.Context, q Querier, id uuid.UUID, stripeRefundID string) error
	MarkFailed(ctx context.Context, q Querier, id uuid.UUID) error
	FindByStripeID(ctx context.Context, q Querier, stripeRefundID string) (*Refund, error)

	CreateAdjustment(ctx context.Context, q Querier, a *Adjustment) (created bool, err error)
	GetAdjustment(ctx context.Context, q Querier, id uuid.UUID) (*Adjustment, error)
	MarkAdjustmentRefunded(ctx context.Context, q Querier, id uuid.UUID, stripeRefundID string) error
}

type pgRefunds struct{}

// NewRefundRepository returns the Postgres refund repository.
func NewRefundRepository() *pgRefunds { return &pgRefunds{} }

const refundColumns = `id, order_id, reason, amount_cents, status, stripe_refund_id`

func scanRefund(row pgx.Row) (*Refund, error) {
	var rf Refund
	if err := row.Scan(&rf.ID, &rf.OrderID, &rf.Reason, &rf.AmountCents, &rf.Status, &rf.StripeRefundID); err != nil {
		return nil, mapErr(err)
	}
	return &rf, nil
}

func (r *pgRefunds) Create(ctx context.Context, q Querier, rf *Refund) (*Refund, error) {
	return scanRefund(q.QueryRow(ctx, `
		INSERT INTO refunds (id, order_id, reason, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id, reason) DO UPDATE SET updated_at = refunds.updated_at
		RETURNING `+refundColumns, rf.ID, rf.OrderID, rf.Reason, rf.AmountCents))
}

func (r *pgRefunds) Get(ctx context.Context, q Querier, id uuid.UUID) (*Refund, error) {
	return scanRefund(q.QueryRow(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = $1`, id))
}

func (r *pgRefunds) FindByStripeID(ctx context.Context, q Querier, stripeRefundID string) (*Refund, error) {
	return scanRefund(q.QueryRow(ctx,
		`SELECT `+refundColumns+` FROM refunds WHERE stripe_refund_id = $1`, stripeRefundID))
}

func (r *pgRefunds) MarkSucceeded(ctx context.Context, q Querier, id uuid.UUID, stripeRefundID string) error {
	_, err := q.Exec(ctx, `
		UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, updated_at = now()
		WHERE id = $1`, id, stripeRefundID)
	return mapErr(err)
}

func (r *pgRefunds) MarkFailed(ctx context.Context, q Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx,
		`UPDATE refunds SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'pending'`, id)
	return err
}

func (r *pgRefunds) CreateAdjustment(ctx context.Context, q Querier, a *Adjustment) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO order_adjustments (id, order_id, menu_item_id, quantity, amount_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (order_id, menu_item_id) DO NOTHING`,
		a.ID, a.OrderID, a.MenuItemID, a.Quantity, a.AmountCents)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgRefunds) GetAdjustment(ctx context.Context, q Querier, id uuid.UUID) (*Adjustment, error) {
	var a Adjustment
	err := q.QueryRow(ctx, `
		SELECT id, order_id, menu_item_id, quantity, amount_cents, status, stripe_refund_id
		FROM order_adjustments WHERE id = $1`, id).
		Scan(&a.ID, &a.OrderID, &a.MenuItemID, &a.Quantity, &a.AmountCents, &a.Status, &a.StripeRefundID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &a, nil
}

func (r *pgRefunds) MarkAdjustmentRefunded(ctx context.Context, q Querier, id uuid.UUID, stripeRefundID string) error {
	_, err := q.Exec(ctx, `
		UPDATE order_adjustments SET status = 'refunded', stripe_refund_id = $2
		WHERE id = $1`, id, stripeRefundID)
	return err
}
