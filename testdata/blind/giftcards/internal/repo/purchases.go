package repo

import (
	"context"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/store"
)

type PgPurchases struct{ st *store.Store }

func NewPurchases(st *store.Store) *PgPurchases { return &PgPurchases{st: st} }

func (r *PgPurchases) Create(ctx context.Context, p db.CreatePurchaseParams) (db.Purchase, error) {
	return r.st.Q().CreatePurchase(ctx, p)
}

func (r *PgPurchases) Get(ctx context.Context, id string) (db.Purchase, error) {
	return r.st.Q().GetPurchase(ctx, id)
}

func (r *PgPurchases) Cancel(ctx context.Context, id string) (bool, error) {
	n, err := r.st.Q().CancelPurchase(ctx, id)
	return n == 1, err
}

type PgRedemptions struct{ st *store.Store }

func NewRedemptions(st *store.Store) *PgRedemptions { return &PgRedemptions{st: st} }

func (r *PgRedemptions) Get(ctx context.Context, id string) (db.Redemption, error) {
	return r.st.Q().GetRedemption(ctx, id)
}

func (r *PgRedemptions) MarkRefunded(ctx context.Context, id string) (bool, error) {
	n, err := r.st.Q().MarkRedemptionRefunded(ctx, id)
	return n == 1, err
}
