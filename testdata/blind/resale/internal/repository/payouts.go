package repository

import (
	"context"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/store"
)

type PayoutRepository interface {
	Get(ctx context.Context, id string) (*domain.Payout, error)
	// Claim stores p unless the order already has a payout, and returns the
	// stored row either way.
	Claim(ctx context.Context, p *domain.Payout) (*domain.Payout, error)
	MarkPaid(ctx context.Context, id, providerRef string) (bool, error)
	MarkFailed(ctx context.Context, id, reason string) error
}

type payoutRepo struct {
	*store.Repository[domain.Payout]
}

func NewPayoutRepository(db *gorm.DB) PayoutRepository {
	return &payoutRepo{Repository: store.NewRepository[domain.Payout](db)}
}

func (r *payoutRepo) Claim(ctx context.Context, p *domain.Payout) (*domain.Payout, error) {
	err := r.DB(ctx).Exec(`
		INSERT INTO payouts (id, order_id, seller_id, amount_cents, currency, status)
		VALUES (?, ?, ?, ?, ?, 'pending')
		ON CONFLICT (order_id) DO NOTHING`,
		p.ID, p.OrderID, p.SellerID, p.AmountCents, p.Currency).Error
	if err != nil {
		return nil, err
	}
	return r.FindOne(ctx, "order_id = ?", p.OrderID)
}

func (r *payoutRepo) MarkPaid(ctx context.Context, id, providerRef string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE payouts SET status = 'paid', provider_ref = ?, updated_at = now() WHERE id = ? AND status = 'pending'`,
		providerRef, id)
	return res.RowsAffected == 1, res.Error
}

func (r *payoutRepo) MarkFailed(ctx context.Context, id, reason string) error {
	return r.DB(ctx).Exec(
		`UPDATE payouts SET status = 'failed', provider_ref = ?, updated_at = now() WHERE id = ? AND status = 'pending'`,
		reason, id).Error
}

type RefundRepository interface {
	GetByOrder(ctx context.Context, orderID string) (*domain.Refund, error)
	// Upsert records the provider's refund against the order.
	Upsert(ctx context.Context, r *domain.Refund) error
	// Settle marks the refund with the given provider id as completed and
	// returns its order. ok is false when it was already settled.
	Settle(ctx context.Context, providerRefundID string) (orderID string, ok bool, err error)
}

type refundRepo struct {
	*store.Repository[domain.Refund]
}

func NewRefundRepository(db *gorm.DB) RefundRepository {
	return &refundRepo{Repository: store.NewRepository[domain.Refund](db)}
}

func (r *refundRepo) GetByOrder(ctx context.Context, orderID string) (*domain.Refund, error) {
	return r.FindOne(ctx, "order_id = ?", orderID)
}

func (r *refundRepo) Upsert(ctx context.Context, rf *domain.Refund) error {
	return r.DB(ctx).Exec(`
		INSERT INTO refunds (id, order_id, amount_cents, provider_refund_id, status)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (order_id) DO UPDATE
		SET provider_refund_id = EXCLUDED.provider_refund_id, status = EXCLUDED.status`,
		rf.ID, rf.OrderID, rf.AmountCents, rf.ProviderRefundID, rf.Status).Error
}

func (r *refundRepo) Settle(ctx context.Context, providerRefundID string) (string, bool, error) {
	var orderIDs []string
	err := r.DB(ctx).Raw(
		`UPDATE refunds SET status = 'succeeded' WHERE provider_refund_id = ? AND status <> 'succeeded' RETURNING order_id`,
		providerRefundID).Scan(&orderIDs).Error
	if err != nil || len(orderIDs) == 0 {
		return "", false, err
	}
	return orderIDs[0], true, nil
}

type DisputeRepository interface {
	Create(ctx context.Context, d *domain.Dispute) error
}

type disputeRepo struct {
	*store.Repository[domain.Dispute]
}

func NewDisputeRepository(db *gorm.DB) DisputeRepository {
	return &disputeRepo{Repository: store.NewRepository[domain.Dispute](db)}
}
