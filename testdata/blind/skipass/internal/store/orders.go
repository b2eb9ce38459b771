package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Products interface {
	Get(ctx context.Context, db bun.IDB, id string) (*model.Product, error)
}

type productRepo struct{}

func NewProducts() Products { return productRepo{} }

func (productRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.Product, error) {
	p := new(model.Product)
	if err := db.NewSelect().Model(p).Where("id = ? AND active", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return p, nil
}

// Inventory tracks day-ticket capacity per product and date.
type Inventory interface {
	Reserve(ctx context.Context, db bun.IDB, productID string, day time.Time, qty int) (bool, error)
	Release(ctx context.Context, db bun.IDB, productID string, day time.Time, qty int) error
}

type inventoryRepo struct{}

func NewInventory() Inventory { return inventoryRepo{} }

func (inventoryRepo) Reserve(ctx context.Context, db bun.IDB, productID string, day time.Time, qty int) (bool, error) {
	res, err := db.NewRaw(`
		UPDATE ticket_inventory SET sold = sold + ?
		WHERE product_id = ? AND valid_date = ? AND sold + ? <= capacity`,
		qty, productID, day.Format(time.DateOnly), qty).Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (inventoryRepo) Release(ctx context.Context, db bun.IDB, productID string, day time.Time, qty int) error {
	_, err := db.NewRaw(`
		UPDATE ticket_inventory SET sold = GREATEST(sold - ?, 0)
		WHERE product_id = ? AND valid_date = ?`,
		qty, productID, day.Format(time.DateOnly)).Exec(ctx)
	return err
}

type Orders interface {
	Insert(ctx context.Context, db bun.IDB, o *model.Order) error
	Get(ctx context.Context, db bun.IDB, id string) (*model.Order, error)
	GetByPaymentIntent(ctx context.Context, db bun.IDB, piID string) (*model.Order, error)
	SetPaymentIntent(ctx context.Context, db bun.IDB, id, piID string) error
	MarkPaid(ctx context.Context, db bun.IDB, id string, at time.Time) (bool, error)
	MarkCancelled(ctx context.Context, db bun.IDB, id string, at time.Time) error
	EnsureRefund(ctx context.Context, db bun.IDB, r *model.OrderRefund) error
	GetRefund(ctx context.Context, db bun.IDB, orderID string) (*model.OrderRefund, error)
	MarkRefunded(ctx context.Context, db bun.IDB, orderID, stripeRefundID string) error
}

type orderRepo struct{}

func NewOrders() Orders { return orderRepo{} }

func (orderRepo) Insert(ctx context.Context, db bun.IDB, o *model.Order) error {
	if _, err := db.NewInsert().Model(o).Exec(ctx); err != nil {
		return err
	}
	for _, l := range o.Lines {
		l.OrderID = o.ID
	}
	if len(o.Lines) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&o.Lines).Returning("id").Exec(ctx)
	return err
}

func (orderRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.Order, error) {
	o := new(model.Order)
	err := db.NewSelect().Model(o).Relation("Lines").Where("o.id = ?", id).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return o, nil
}

func (orderRepo) GetByPaymentIntent(ctx context.Context, db bun.IDB, piID string) (*model.Order, error) {
	o := new(model.Order)
	err := db.NewSelect().Model(o).Relation("Lines").Where("o.payment_intent_id = ?", piID).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return o, nil
}

func (orderRepo) SetPaymentIntent(ctx context.Context, db bun.IDB, id, piID string) error {
	_, err := db.NewUpdate().Model((*model.Order)(nil)).
		Set("payment_intent_id = ?", piID).
		Where("id = ? AND payment_intent_id IS NULL", id).
		Exec(ctx)
	return err
}

func (orderRepo) MarkPaid(ctx context.Context, db bun.IDB, id string, at time.Time) (bool, error) {
	res, err := db.NewUpdate().Model((*model.Order)(nil)).
		Set("status = ?", model.OrderPaid).
		Set("paid_at = ?", at).
		Where("id = ? AND status = ?", id, model.OrderPendingPayment).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (orderRepo) MarkCancelled(ctx context.Context, db bun.IDB, id string, at time.Time) error {
	_, err := db.NewUpdate().Model((*model.Order)(nil)).
		Set("status = ?", model.OrderCancelled).
		Set("cancelled_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (orderRepo) EnsureRefund(ctx context.Context, db bun.IDB, r *model.OrderRefund) error {
	_, err := db.NewInsert().Model(r).On("CONFLICT (order_id) DO NOTHING").Exec(ctx)
	return err
}

func (orderRepo) GetRefund(ctx context.Context, db bun.IDB, orderID string) (*model.OrderRefund, error) {
	r := new(model.OrderRefund)
	if err := db.NewSelect().Model(r).Where("order_id = ?", orderID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return r, nil
}

func (orderRepo) MarkRefunded(ctx context.Context, db bun.IDB, orderID, stripeRefundID string) error {
	_, err := db.NewUpdate().Model((*model.OrderRefund)(nil)).
		Set("status = ?", model.RefundDone).
		Set("stripe_refund_id = ?", stripeRefundID).
		Where("order_id = ?", orderID).
		Exec(ctx)
	return err
}
