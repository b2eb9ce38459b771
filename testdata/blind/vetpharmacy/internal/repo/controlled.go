package repo

import (
	"context"
	"time"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Controlled struct{ s *store.Store }

func NewControlled(s *store.Store) *Controlled { return &Controlled{s: s} }

func (r *Controlled) Record(ctx context.Context, p db.InsertControlledEntryParams) error {
	return r.s.Q(ctx).InsertControlledEntry(ctx, p)
}

func (r *Controlled) ForOrder(ctx context.Context, orderID string) ([]db.ControlledEntry, error) {
	return r.s.Q(ctx).ListControlledForOrder(ctx, orderID)
}

func (r *Controlled) ForDay(ctx context.Context, day time.Time) ([]db.ControlledEntry, error) {
	return r.s.Q(ctx).ListControlledForDay(ctx, day)
}

func (r *Controlled) MarkReported(ctx context.Context, orderID, receipt string) error {
	return r.s.Q(ctx).MarkControlledReported(ctx, orderID, receipt)
}

func (r *Controlled) ClaimDailyReturn(ctx context.Context, day time.Time, ref string) (bool, error) {
	return r.s.Q(ctx).ClaimDailyReturn(ctx, day, ref)
}

func (r *Controlled) DailyReturnStatus(ctx context.Context, day time.Time) (string, string, error) {
	return r.s.Q(ctx).GetDailyReturnStatus(ctx, day)
}

func (r *Controlled) CompleteDailyReturn(ctx context.Context, day time.Time, receipt string, n int32) error {
	return r.s.Q(ctx).CompleteDailyReturn(ctx, day, receipt, n)
}

func (r *Controlled) Products(ctx context.Context) ([]db.Product, error) {
	return r.s.Q(ctx).ListControlledProducts(ctx)
}

func (r *Controlled) CreateCountSheet(ctx context.Context, id, productID, period string, expected int32) error {
	return r.s.Q(ctx).InsertStockCountSheet(ctx, id, productID, period, expected)
}
