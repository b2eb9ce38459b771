package repository

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/store"
)

type OrderRepository interface {
	Get(ctx context.Context, id string) (*domain.Order, error)
	FindByClientKey(ctx context.Context, buyerID, clientKey string) (*domain.Order, error)
	// InsertOrGet inserts o unless the buyer already has an order under the
	// same client key, and returns whichever row is stored.
	InsertOrGet(ctx context.Context, o *domain.Order) (*domain.Order, error)
	MarkPaid(ctx context.Context, id, chargeID string) (bool, error)
	RecordCharge(ctx context.Context, id, chargeID string) error
	Transition(ctx context.Context, id string, from []domain.OrderStatus, to domain.OrderStatus) (bool, error)
	ListByEvent(ctx context.Context, eventID string, statuses ...domain.OrderStatus) ([]domain.Order, error)
	ClaimReceipt(ctx context.Context, id string) (bool, error)
	AssignBatch(ctx context.Context, eventID, batchID string) (int64, error)
	SettlementTotals(ctx context.Context, eventID string) (SettlementTotals, error)
}

type SettlementTotals struct {
	OrderCount int
	GrossCents int64
	FeeCents   int64
}

type orderRepo struct {
	*store.Repository[domain.Order]
}

func NewOrderRepository(db *gorm.DB) OrderRepository {
	return &orderRepo{Repository: store.NewRepository[domain.Order](db)}
}

func (r *orderRepo) FindByClientKey(ctx context.Context, buyerID, clientKey string) (*domain.Order, error) {
	return r.FindOne(ctx, "buyer_id = ? AND client_key = ?", buyerID, clientKey)
}

func (r *orderRepo) InsertOrGet(ctx context.Context, o *domain.Order) (*domain.Order, error) {
	err := r.DB(ctx).Exec(`
		INSERT INTO orders (id, listing_id, buyer_id, event_id, client_key, amount_cents, fee_cents, currency, status)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (buyer_id, client_key) DO NOTHING`,
		o.ID, o.ListingID, o.BuyerID, o.EventID, o.ClientKey, o.AmountCents, o.FeeCents, o.Currency, o.Status).Error
	if err != nil {
		return nil, err
	}
	return r.FindByClientKey(ctx, o.BuyerID, o.ClientKey)
}

func (r *orderRepo) MarkPaid(ctx context.Context, id, chargeID string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE orders SET status = ?, charge_id = ?, updated_at = now() WHERE id = ? AND status = ?`,
		domain.OrderPaid, chargeID, id, domain.OrderPendingPayment)
	return res.RowsAffected == 1, res.Error
}

// RecordCharge stores the charge on an order whether or not the synchronous
// pay call got there first.
func (r *orderRepo) RecordCharge(ctx context.Context, id, chargeID string) error {
	res := r.DB(ctx).Exec(
		`UPDATE orders SET status = ?, charge_id = ?, updated_at = now() WHERE id = ? AND status IN ?`,
		domain.OrderPaid, chargeID, id, []domain.OrderStatus{domain.OrderPendingPayment, domain.OrderPaid})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errors.New("order not in a payable state")
	}
	return nil
}

func (r *orderRepo) Transition(ctx context.Context, id string, from []domain.OrderStatus, to domain.OrderStatus) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE orders SET status = ?, updated_at = now() WHERE id = ? AND status IN ?`, to, id, from)
	return res.RowsAffected == 1, res.Error
}

func (r *orderRepo) ListByEvent(ctx context.Context, eventID string, statuses ...domain.OrderStatus) ([]domain.Order, error) {
	return r.Find(ctx, "event_id = ? AND status IN ?", eventID, statuses)
}

func (r *orderRepo) ClaimReceipt(ctx context.Context, id string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE orders SET receipt_sent_at = now() WHERE id = ? AND receipt_sent_at IS NULL`, id)
	return res.RowsAffected == 1, res.Error
}

func (r *orderRepo) AssignBatch(ctx context.Context, eventID, batchID string) (int64, error) {
	res := r.DB(ctx).Exec(
		`UPDATE orders SET settlement_batch_id = ?, updated_at = now()
		 WHERE event_id = ? AND status = ? AND settlement_batch_id IS NULL`,
		batchID, eventID, domain.OrderDelivered)
	return res.RowsAffected, res.Error
}

func (r *orderRepo) SettlementTotals(ctx context.Context, eventID string) (SettlementTotals, error) {
	var t SettlementTotals
	err := r.DB(ctx).Raw(`
		SELECT count(*) AS order_count,
		       coalesce(sum(amount_cents), 0) AS gross_cents,
		       coalesce(sum(fee_cents), 0) AS fee_cents
		FROM orders WHERE event_id = ? AND status = ?`, eventID, domain.OrderDelivered).Scan(&t).Error
	return t, err
}
