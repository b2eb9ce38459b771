package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
)

// GiftingRepo reads and writes purchases and contributions outside of the
// transactional paths the gifting service runs itself.
type GiftingRepo struct {
	q *db.Queries
}

// NewGiftingRepo builds a GiftingRepo.
func NewGiftingRepo(s *Store) *GiftingRepo { return &GiftingRepo{q: s.Queries()} }

// GetRegistry loads a registry.
func (r *GiftingRepo) GetRegistry(ctx context.Context, id string) (db.Registry, error) {
	reg, err := r.q.GetRegistry(ctx, id)
	return reg, mapErr(err, "get registry")
}

// GetPurchase loads a purchase.
func (r *GiftingRepo) GetPurchase(ctx context.Context, id string) (db.Purchase, error) {
	p, err := r.q.GetPurchase(ctx, id)
	return p, mapErr(err, "get purchase")
}

// SetPaymentIntent stores the PaymentIntent created for a purchase.
func (r *GiftingRepo) SetPaymentIntent(ctx context.Context, purchaseID, intentID, clientSecret string) error {
	err := r.q.SetPurchasePaymentIntent(ctx, db.SetPurchasePaymentIntentParams{
		ID:              purchaseID,
		PaymentIntentID: pgtype.Text{String: intentID, Valid: true},
		ClientSecret:    pgtype.Text{String: clientSecret, Valid: true},
	})
	return mapErr(err, "set payment intent")
}

// GetGroupGift loads a group gift.
func (r *GiftingRepo) GetGroupGift(ctx context.Context, id string) (db.GroupGift, error) {
	g, err := r.q.GetGroupGift(ctx, id)
	return g, mapErr(err, "get group gift")
}

// GetCashFund loads a cash fund.
func (r *GiftingRepo) GetCashFund(ctx context.Context, id string) (db.CashFund, error) {
	f, err := r.q.GetCashFund(ctx, id)
	return f, mapErr(err, "get cash fund")
}

// MarkCancellationRefunded stores the refund id on a cancellation.
func (r *GiftingRepo) MarkCancellationRefunded(ctx context.Context, cancellationID, refundID string) error {
	err := r.q.MarkCancellationRefunded(ctx, db.MarkCancellationRefundedParams{
		ID:       cancellationID,
		RefundID: pgtype.Text{String: refundID, Valid: true},
	})
	return mapErr(err, "mark cancellation refunded")
}

// ListStalePending lists purchases still pending payment since before t.
func (r *GiftingRepo) ListStalePending(ctx context.Context, before time.Time, limit int32) ([]db.Purchase, error) {
	ps, err := r.q.ListStalePendingPurchases(ctx, db.ListStalePendingPurchasesParams{
		Before: pgtype.Timestamptz{Time: before, Valid: true},
		Limit:  limit,
	})
	return ps, mapErr(err, "list stale purchases")
}

// MarkRefundedByIntent marks the purchase paid by a PaymentIntent as
// refunded. It reports whether the status changed.
func (r *GiftingRepo) MarkRefundedByIntent(ctx context.Context, intentID string) (bool, error) {
	n, err := r.q.MarkPurchaseRefundedByIntent(ctx, pgtype.Text{String: intentID, Valid: true})
	return n > 0, mapErr(err, "mark purchase refunded")
}
