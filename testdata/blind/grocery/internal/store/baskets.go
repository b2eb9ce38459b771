package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type BasketRepo struct{ db *bun.DB }

func NewBasketRepo(db *bun.DB) *BasketRepo { return &BasketRepo{db: db} }

// CreateOpen inserts b unless the customer already has an open basket.
// It reports whether b was inserted.
func (r *BasketRepo) CreateOpen(ctx context.Context, b *domain.Basket) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().
		Model(b).
		On("CONFLICT (customer_id) WHERE status = 'open' DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *BasketRepo) OpenForCustomer(ctx context.Context, customerID uuid.UUID) (*domain.Basket, error) {
	b := new(domain.Basket)
	err := idb(ctx, r.db).NewSelect().Model(b).
		Relation("Items").
		Where("b.customer_id = ?", customerID).
		Where("b.status = ?", domain.BasketOpen).
		Scan(ctx)
	return b, notFound(err)
}

func (r *BasketRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Basket, error) {
	b := new(domain.Basket)
	err := idb(ctx, r.db).NewSelect().Model(b).
		Relation("Items").
		Where("b.id = ?", id).
		Scan(ctx)
	return b, notFound(err)
}

// Lock takes a row lock on the basket for the rest of the transaction.
func (r *BasketRepo) Lock(ctx context.Context, id uuid.UUID) (*domain.Basket, error) {
	b := new(domain.Basket)
	err := idb(ctx, r.db).NewSelect().Model(b).
		Where("b.id = ?", id).
		For("UPDATE").
		Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	items := make([]*domain.BasketItem, 0)
	if err := idb(ctx, r.db).NewSelect().Model(&items).
		Where("bi.basket_id = ?", id).
		OrderExpr("bi.sku").
		Scan(ctx); err != nil {
		return nil, err
	}
	b.Items = items
	return b, nil
}

// SetItem sets the quantity of a SKU in the basket, replacing whatever was
// there before.
func (r *BasketRepo) SetItem(ctx context.Context, item *domain.BasketItem) error {
	item.UpdatedAt = time.Now().UTC()
	_, err := idb(ctx, r.db).NewInsert().
		Model(item).
		On("CONFLICT (basket_id, sku) DO UPDATE").
		Set("quantity = EXCLUDED.quantity").
		Set("allow_substitute = EXCLUDED.allow_substitute").
		Set("updated_at = EXCLUDED.updated_at").
		Exec(ctx)
	return err
}

func (r *BasketRepo) RemoveItem(ctx context.Context, basketID uuid.UUID, sku string) error {
	_, err := idb(ctx, r.db).NewDelete().
		Model((*domain.BasketItem)(nil)).
		Where("basket_id = ?", basketID).
		Where("sku = ?", sku).
		Exec(ctx)
	return err
}

func (r *BasketRepo) Touch(ctx context.Context, id uuid.UUID) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Basket)(nil)).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *BasketRepo) MarkCheckedOut(ctx context.Context, id uuid.UUID) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Basket)(nil)).
		Set("status = ?", domain.BasketCheckedOut).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.BasketOpen).
		Exec(ctx)
	return err
}
