package repo

import (
	"context"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Orders struct{ s *store.Store }

func NewOrders(s *store.Store) *Orders { return &Orders{s: s} }

// Create writes the order and its lines. Callers that need the two to land
// together wrap the call in store.InTx.
func (r *Orders) Create(ctx context.Context, o db.InsertOrderParams, lines []db.InsertOrderLineParams) error {
	q := r.s.Q(ctx)
	if err := q.InsertOrder(ctx, o); err != nil {
		return err
	}
	for _, l := range lines {
		if err := q.InsertOrderLine(ctx, l); err != nil {
			return err
		}
	}
	return nil
}

func (r *Orders) Get(ctx context.Context, id string) (db.Order, error) {
	o, err := r.s.Q(ctx).GetOrder(ctx, id)
	return o, notFound(err, "order_not_found", "order not found")
}

func (r *Orders) Lines(ctx context.Context, orderID string) ([]db.OrderLine, error) {
	return r.s.Q(ctx).ListOrderLines(ctx, orderID)
}

func (r *Orders) Transition(ctx context.Context, id, from, to string) (bool, error) {
	n, err := r.s.Q(ctx).TransitionOrder(ctx, id, from, to)
	return n == 1, err
}

func (r *Orders) MarkPaid(ctx context.Context, id string) error {
	return r.s.Q(ctx).MarkOrderPaid(ctx, id)
}

func (r *Orders) MarkDispensed(ctx context.Context, id string) (bool, error) {
	n, err := r.s.Q(ctx).MarkOrderDispensed(ctx, id)
	return n == 1, err
}

func (r *Orders) MarkDelivered(ctx context.Context, id string) error {
	return r.s.Q(ctx).MarkOrderDelivered(ctx, id)
}

func (r *Orders) Reserve(ctx context.Context, productID string, qty int32) (bool, error) {
	n, err := r.s.Q(ctx).ReserveStock(ctx, productID, qty)
	return n == 1, err
}

func (r *Orders) Consume(ctx context.Context, productID string, qty int32) error {
	return r.s.Q(ctx).ConsumeStock(ctx, productID, qty)
}

func (r *Orders) Product(ctx context.Context, id string) (db.Product, error) {
	p, err := r.s.Q(ctx).GetProduct(ctx, id)
	return p, notFound(err, "product_not_found", "product not found")
}

func (r *Orders) Owner(ctx context.Context, id string) (db.Owner, error) {
	o, err := r.s.Q(ctx).GetOwner(ctx, id)
	return o, notFound(err, "owner_not_found", "owner not found")
}

func (r *Orders) SetStripeCustomer(ctx context.Context, ownerID, customerID string) error {
	return r.s.Q(ctx).SetOwnerStripeCustomer(ctx, ownerID, customerID)
}
