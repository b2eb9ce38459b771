package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type SupplyRepo struct{ q DBTX }

const supplyOrderColumns = `id, request_key, site_id, status, distributor_ref, reorder_item_id,
	reorder_date, created_by, created_at, submitted_at, delivered_at`

// CreateOrder inserts a draft order keyed by the caller's request key. When
// the key was already used the existing order is returned with created=false.
func (r *SupplyRepo) CreateOrder(ctx context.Context, o domain.SupplyOrder) (domain.SupplyOrder, bool, error) {
	var id string
	err := r.q.GetContext(ctx, &id, `
		INSERT INTO supply_orders (id, request_key, site_id, status, created_by, created_at)
		VALUES ($1, $2, $3, 'draft', $4, $5)
		ON CONFLICT (request_key) DO NOTHING
		RETURNING id`, o.ID, o.RequestKey, o.SiteID, o.CreatedBy, o.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		existing, gerr := r.GetByRequestKey(ctx, *o.RequestKey)
		return existing, false, gerr
	}
	if err != nil {
		return domain.SupplyOrder{}, false, err
	}
	o.Status = "draft"
	return o, true, nil
}

// CreateReorder inserts the automatic reorder for one item and day. Returns
// created=false when today's reorder for the item already exists.
func (r *SupplyRepo) CreateReorder(ctx context.Context, o domain.SupplyOrder) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO supply_orders (id, site_id, status, reorder_item_id, reorder_date, created_by, created_at)
		VALUES ($1, $2, 'draft', $3, $4, $5, $6)
		ON CONFLICT ON CONSTRAINT supply_orders_reorder_key DO NOTHING`,
		o.ID, o.SiteID, o.ReorderItemID, o.ReorderDate, o.CreatedBy, o.CreatedAt)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *SupplyRepo) InsertLines(ctx context.Context, lines []domain.SupplyOrderLine) error {
	if len(lines) == 0 {
		return nil
	}
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO supply_order_lines (order_id, item_id, sku, qty)
		VALUES (:order_id, :item_id, :sku, :qty)
		ON CONFLICT (order_id, item_id) DO NOTHING`, lines)
	return err
}

func (r *SupplyRepo) Get(ctx context.Context, id string) (domain.SupplyOrder, error) {
	var o domain.SupplyOrder
	if err := r.q.GetContext(ctx, &o, `SELECT `+supplyOrderColumns+` FROM supply_orders WHERE id = $1`, id); err != nil {
		return o, notFound(err)
	}
	return o, r.loadLines(ctx, &o)
}

func (r *SupplyRepo) GetByRequestKey(ctx context.Context, key string) (domain.SupplyOrder, error) {
	var o domain.SupplyOrder
	if err := r.q.GetContext(ctx, &o, `SELECT `+supplyOrderColumns+` FROM supply_orders WHERE request_key = $1`, key); err != nil {
		return o, notFound(err)
	}
	return o, r.loadLines(ctx, &o)
}

func (r *SupplyRepo) GetByDistributorRef(ctx context.Context, ref string) (domain.SupplyOrder, error) {
	var o domain.SupplyOrder
	if err := r.q.GetContext(ctx, &o, `SELECT `+supplyOrderColumns+` FROM supply_orders WHERE distributor_ref = $1`, ref); err != nil {
		return o, notFound(err)
	}
	return o, r.loadLines(ctx, &o)
}

func (r *SupplyRepo) loadLines(ctx context.Context, o *domain.SupplyOrder) error {
	return r.q.SelectContext(ctx, &o.Lines, `
		SELECT order_id, item_id, sku, qty FROM supply_order_lines WHERE order_id = $1 ORDER BY sku`, o.ID)
}

// MarkSubmitted records the distributor's reference on a draft order.
func (r *SupplyRepo) MarkSubmitted(ctx context.Context, id, distributorRef string, at time.Time) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE supply_orders SET status = 'submitted', distributor_ref = $2, submitted_at = $3
		WHERE id = $1 AND status = 'draft'`, id, distributorRef, at)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *SupplyRepo) MarkDelivered(ctx context.Context, id string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE supply_orders SET status = 'delivered', delivered_at = $2
		WHERE id = $1 AND status = 'submitted'`, id, at)
	return err
}

// AddStock increments on-hand quantities by SKU.
func (r *SupplyRepo) AddStock(ctx context.Context, sku string, qty int) error {
	_, err := r.q.ExecContext(ctx, `UPDATE supply_items SET on_hand = on_hand + $2 WHERE sku = $1`, sku, qty)
	return err
}

func (r *SupplyRepo) ItemsBySKU(ctx context.Context, skus []string) (map[string]domain.SupplyItem, error) {
	query, args, err := sqlx.In(`SELECT * FROM supply_items WHERE sku IN (?)`, skus)
	if err != nil {
		return nil, err
	}
	var items []domain.SupplyItem
	if err := r.q.SelectContext(ctx, &items, sqlx.Rebind(sqlx.DOLLAR, query), args...); err != nil {
		return nil, err
	}
	out := make(map[string]domain.SupplyItem, len(items))
	for _, it := range items {
		out[it.SKU] = it
	}
	return out, nil
}

func (r *SupplyRepo) LowStockItems(ctx context.Context) ([]domain.SupplyItem, error) {
	var items []domain.SupplyItem
	err := r.q.SelectContext(ctx, &items, `
		SELECT * FROM supply_items WHERE on_hand <= reorder_point AND reorder_qty > 0 ORDER BY sku`)
	return items, err
}

func (r *SupplyRepo) DraftReorders(ctx context.Context, day time.Time) ([]domain.SupplyOrder, error) {
	var orders []domain.SupplyOrder
	if err := r.q.SelectContext(ctx, &orders, `
		SELECT `+supplyOrderColumns+` FROM supply_orders
		WHERE reorder_date = $1 AND status = 'draft' ORDER BY created_at`, day); err != nil {
		return nil, err
	}
	for i := range orders {
		if err := r.loadLines(ctx, &orders[i]); err != nil {
			return nil, err
		}
	}
	return orders, nil
}
