package repo

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/domain"
)

type Copies struct{ base }

func NewCopies(db *bun.DB) *Copies { return &Copies{base{db}} }

func (r *Copies) WithTx(tx bun.IDB) *Copies { return &Copies{base{tx}} }

func (r *Copies) Insert(ctx context.Context, c *domain.InventoryCopy) error {
	_, err := r.conn(ctx).NewInsert().Model(c).Exec(ctx)
	return err
}

func (r *Copies) Get(ctx context.Context, id string) (*domain.InventoryCopy, error) {
	c := new(domain.InventoryCopy)
	err := r.conn(ctx).NewSelect().Model(c).Where("id = ?", id).Scan(ctx)
	return c, mapErr(err)
}

// PickListed locks up to n listed copies of an ISBN/grade for an order.
func (r *Copies) PickListed(ctx context.Context, isbn, grade string, n int) ([]domain.InventoryCopy, error) {
	var out []domain.InventoryCopy
	err := r.conn(ctx).NewSelect().Model(&out).
		Where("isbn = ?", isbn).
		Where("grade = ?", grade).
		Where("status = ?", domain.CopyListed).
		OrderExpr("created_at").
		Limit(n).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	return out, err
}

func (r *Copies) Reserve(ctx context.Context, ids []string, orderID string) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.InventoryCopy)(nil)).
		Set("status = ?", domain.CopyReserved).
		Set("order_id = ?", orderID).
		Set("updated_at = now()").
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}

func (r *Copies) SetStatus(ctx context.Context, id string, st domain.CopyStatus) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.InventoryCopy)(nil)).
		Set("status = ?", st).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *Copies) PendingWholesale(ctx context.Context, wholesalerID string) ([]domain.InventoryCopy, error) {
	var out []domain.InventoryCopy
	err := r.conn(ctx).NewSelect().Model(&out).
		Where("wholesaler_id = ?", wholesalerID).
		Where("status = ?", domain.CopyWholesalePending).
		Where("settlement_batch_id IS NULL").
		OrderExpr("created_at").
		Scan(ctx)
	return out, err
}

func (r *Copies) MarkSettled(ctx context.Context, ids []string, batchID string) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := r.conn(ctx).NewUpdate().Model((*domain.InventoryCopy)(nil)).
		Set("status = ?", domain.CopyWholesaleSettled).
		Set("settlement_batch_id = ?", batchID).
		Set("updated_at = now()").
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}

func (r *Copies) ApplyWholesaleDelta(ctx context.Context, id, grade string, delta int64) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.InventoryCopy)(nil)).
		Set("wholesale_price_cents = wholesale_price_cents + ?", delta).
		Set("grade = ?", grade).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type Listings struct{ base }

func NewListings(db *bun.DB) *Listings { return &Listings{base{db}} }

func (r *Listings) Insert(ctx context.Context, l *domain.Listing) error {
	_, err := r.conn(ctx).NewInsert().Model(l).Exec(ctx)
	return err
}

func (r *Listings) DeactivateCopies(ctx context.Context, copyIDs []string) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Listing)(nil)).
		Set("active = false").
		Where("copy_id IN (?)", bun.In(copyIDs)).
		Exec(ctx)
	return err
}

// Prices returns the active listing price per copy.
func (r *Listings) Prices(ctx context.Context, copyIDs []string) (map[string]int64, error) {
	var rows []domain.Listing
	err := r.conn(ctx).NewSelect().Model(&rows).
		Column("copy_id", "price_cents").
		Where("copy_id IN (?)", bun.In(copyIDs)).
		Where("active").
		Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, l := range rows {
		out[l.CopyID] = l.PriceCents
	}
	return out, nil
}
