package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type RefundRepo struct{ db *bun.DB }

func NewRefundRepo(db *bun.DB) *RefundRepo { return &RefundRepo{db: db} }

// Ensure inserts the refund unless one with the same operation key already
// exists, and returns the stored row either way.
func (r *RefundRepo) Ensure(ctx context.Context, rf *domain.Refund) (*domain.Refund, error) {
	_, err := idb(ctx, r.db).NewInsert().Model(rf).
		On("CONFLICT (operation_key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	stored := new(domain.Refund)
	err = idb(ctx, r.db).NewSelect().Model(stored).
		Where("r.operation_key = ?", rf.OperationKey).
		Scan(ctx)
	return stored, notFound(err)
}

func (r *RefundRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Refund, error) {
	rf := new(domain.Refund)
	err := idb(ctx, r.db).NewSelect().Model(rf).Where("r.id = ?", id).Scan(ctx)
	return rf, notFound(err)
}

func (r *RefundRepo) ByProcessorRef(ctx context.Context, ref string) (*domain.Refund, error) {
	rf := new(domain.Refund)
	err := idb(ctx, r.db).NewSelect().Model(rf).Where("r.processor_ref = ?", ref).Scan(ctx)
	return rf, notFound(err)
}

func (r *RefundRepo) ForOrder(ctx context.Context, orderID uuid.UUID) ([]*domain.Refund, error) {
	out := make([]*domain.Refund, 0)
	err := idb(ctx, r.db).NewSelect().Model(&out).
		Where("r.order_id = ?", orderID).
		OrderExpr("r.created_at").
		Scan(ctx)
	return out, err
}

func (r *RefundRepo) RefundedTotal(ctx context.Context, orderID uuid.UUID) (int64, error) {
	var total int64
	err := idb(ctx, r.db).NewSelect().
		Model((*domain.Refund)(nil)).
		ColumnExpr("COALESCE(SUM(r.amount_pence), 0)").
		Where("r.order_id = ?", orderID).
		Where("r.status <> ?", domain.RefundFailed).
		Scan(ctx, &total)
	return total, err
}

func (r *RefundRepo) MarkSucceeded(ctx context.Context, id uuid.UUID, processorRef string) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Refund)(nil)).
		Set("status = ?", domain.RefundSucceeded).
		Set("processor_ref = ?", processorRef).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *RefundRepo) MarkFailed(ctx context.Context, id uuid.UUID, reason string) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Refund)(nil)).
		Set("status = ?", domain.RefundFailed).
		Set("failure_reason = ?", reason).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.RefundPending).
		Exec(ctx)
	return err
}

// Stale returns pending refunds that have not moved for a while, oldest
// first.
func (r *RefundRepo) Stale(ctx context.Context, olderThan time.Time, limit int) ([]*domain.Refund, error) {
	out := make([]*domain.Refund, 0, limit)
	err := idb(ctx, r.db).NewSelect().Model(&out).
		Where("r.status = ?", domain.RefundPending).
		Where("r.updated_at < ?", olderThan).
		OrderExpr("r.created_at").
		Limit(limit).
		Scan(ctx)
	return out, err
}
