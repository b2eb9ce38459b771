package repo

import (
	"context"

	"github.com/google/uuid"

	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Parts implements parts.Repository.
type Parts struct {
	db *pgtx.Manager
}

// NewParts returns the repository.
func NewParts(db *pgtx.Manager) *Parts { return &Parts{db: db} }

func (r *Parts) UpsertOrder(ctx context.Context, p store.UpsertPartsOrderParams) (store.UpsertPartsOrderRow, error) {
	return r.db.Queries(ctx).UpsertPartsOrder(ctx, p)
}

func (r *Parts) Order(ctx context.Context, id uuid.UUID) (store.PartsOrder, error) {
	return r.db.Queries(ctx).GetPartsOrder(ctx, id)
}

func (r *Parts) OrderBySupplierRef(ctx context.Context, ref string) (store.PartsOrder, error) {
	return r.db.Queries(ctx).GetPartsOrderBySupplierRef(ctx, ref)
}

func (r *Parts) MarkSubmitted(ctx context.Context, id uuid.UUID, supplierRef string) error {
	return r.db.Queries(ctx).SetPartsOrderSubmitted(ctx, id, supplierRef)
}

func (r *Parts) MarkDelivered(ctx context.Context, id uuid.UUID) error {
	return r.db.Queries(ctx).MarkPartsOrderDelivered(ctx, id)
}

func (r *Parts) RecordAttempt(ctx context.Context, p store.InsertSupplierAttemptParams) error {
	return r.db.Queries(ctx).InsertSupplierAttempt(ctx, p)
}

func (r *Parts) AddShipment(ctx context.Context, orderID uuid.UUID, supplierShipmentID string, qty int32) error {
	return r.db.Queries(ctx).InsertShipment(ctx, orderID, supplierShipmentID, qty)
}

func (r *Parts) AddStock(ctx context.Context, sku string, qty int32) error {
	return r.db.Queries(ctx).IncrementStock(ctx, sku, qty)
}
