package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
)

// FulfillmentRepo stores retailer orders and their attempt logs.
type FulfillmentRepo struct {
	s *Store
	q *db.Queries
}

// NewFulfillmentRepo builds a FulfillmentRepo.
func NewFulfillmentRepo(s *Store) *FulfillmentRepo { return &FulfillmentRepo{s: s, q: s.Queries()} }

// OrderContext is everything needed to place an order for a purchase or
// group gift.
type OrderContext struct {
	Registry db.Registry
	Item     db.RegistryItem
}

// LoadOrderContext loads the registry and item an order ships.
func (r *FulfillmentRepo) LoadOrderContext(ctx context.Context, registryID, itemID string) (OrderContext, error) {
	reg, err := r.q.GetRegistry(ctx, registryID)
	if err != nil {
		return OrderContext{}, mapErr(err, "get registry")
	}
	item, err := r.q.GetRegistryItem(ctx, db.GetRegistryItemParams{ID: itemID, RegistryID: registryID})
	if err != nil {
		return OrderContext{}, mapErr(err, "get item")
	}
	return OrderContext{Registry: reg, Item: item}, nil
}

// GetPurchase loads a purchase.
func (r *FulfillmentRepo) GetPurchase(ctx context.Context, id string) (db.Purchase, error) {
	p, err := r.q.GetPurchase(ctx, id)
	return p, mapErr(err, "get purchase")
}

// GetGroupGift loads a group gift.
func (r *FulfillmentRepo) GetGroupGift(ctx context.Context, id string) (db.GroupGift, error) {
	g, err := r.q.GetGroupGift(ctx, id)
	return g, mapErr(err, "get group gift")
}

// EnsurePurchaseOrder returns the order row for a purchase, creating it on
// first use. The purchase id is unique on retailer_orders.
func (r *FulfillmentRepo) EnsurePurchaseOrder(ctx context.Context, arg db.UpsertPurchaseOrderParams) (db.RetailerOrder, error) {
	o, err := r.q.UpsertPurchaseOrder(ctx, arg)
	return o, mapErr(err, "ensure purchase order")
}

// NextAttempt returns the number of the next order attempt.
func (r *FulfillmentRepo) NextAttempt(ctx context.Context, orderID string) (int32, error) {
	n, err := r.q.CountOrderAttempts(ctx, orderID)
	return n + 1, mapErr(err, "count attempts")
}

// LogAttempt appends to the order attempt log.
func (r *FulfillmentRepo) LogAttempt(ctx context.Context, arg db.InsertOrderAttemptParams) error {
	return mapErr(r.q.InsertOrderAttempt(ctx, arg), "log order attempt")
}

// MarkPlaced records the partner's order id on the order and moves the
// purchase to ordered, atomically.
func (r *FulfillmentRepo) MarkPlaced(ctx context.Context, order db.RetailerOrder, partnerOrderID string) error {
	return mapErr(r.s.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		if err := q.MarkOrderPlaced(ctx, db.MarkOrderPlacedParams{
			ID:              order.ID,
			RetailerOrderID: pgtype.Text{String: partnerOrderID, Valid: true},
		}); err != nil {
			return err
		}
		if _, err := q.InsertOrderStatusHistory(ctx, db.InsertOrderStatusHistoryParams{
			OrderID:    order.ID,
			Status:     "placed",
			ObservedAt: pgtype.Timestamptz{Time: time.Now(), Valid: true},
			Source:     "order_api",
		}); err != nil {
			return err
		}
		if order.PurchaseID.Valid {
			return q.MarkPurchaseOrdered(ctx, order.PurchaseID.String)
		}
		return nil
	}), "mark order placed")
}

// MarkFailed marks a pending order as failed.
func (r *FulfillmentRepo) MarkFailed(ctx context.Context, orderID string) error {
	return mapErr(r.q.MarkOrderFailed(ctx, orderID), "mark order failed")
}

// TransitionGroupGift moves a group gift between statuses. It reports
// whether the gift was in the expected status.
func (r *FulfillmentRepo) TransitionGroupGift(ctx context.Context, id, from, to string) (bool, error) {
	n, err := r.q.TransitionGroupGift(ctx, db.TransitionGroupGiftParams{ID: id, FromStatus: from, ToStatus: to})
	return n == 1, mapErr(err, "transition group gift")
}

// RecordGroupGiftOrder stores the order placed for a group gift and marks
// the gift ordered.
func (r *FulfillmentRepo) RecordGroupGiftOrder(ctx context.Context, arg db.CreateGroupGiftOrderParams) (db.RetailerOrder, error) {
	var o db.RetailerOrder
	err := r.s.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		var err error
		o, err = q.CreateGroupGiftOrder(ctx, arg)
		if err != nil {
			return err
		}
		_, err = q.TransitionGroupGift(ctx, db.TransitionGroupGiftParams{
			ID:         arg.GroupGiftID.String,
			FromStatus: "ordering",
			ToStatus:   "ordered",
		})
		return err
	})
	return o, mapErr(err, "record group gift order")
}

// GetOrderByPartnerRef finds an order by the partner's order id.
func (r *FulfillmentRepo) GetOrderByPartnerRef(ctx context.Context, retailer, partnerOrderID string) (db.RetailerOrder, error) {
	o, err := r.q.GetRetailerOrderByRef(ctx, db.GetRetailerOrderByRefParams{
		Retailer:        retailer,
		RetailerOrderID: pgtype.Text{String: partnerOrderID, Valid: true},
	})
	return o, mapErr(err, "get order by ref")
}
