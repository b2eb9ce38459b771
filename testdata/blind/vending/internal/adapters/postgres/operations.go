package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

type CollectionRepo struct{ db Conn }

func NewCollectionRepo(db Conn) *CollectionRepo { return &CollectionRepo{db: db} }

func (r *CollectionRepo) Insert(ctx context.Context, c domain.Collection) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO collections (id, machine_id, driver_id, counted_cents, collected_at, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		c.ID, c.MachineID, c.DriverID, c.CountedCents, c.CollectedAt, c.Status)
	return err
}

func (r *CollectionRepo) Get(ctx context.Context, id string) (domain.Collection, error) {
	var c domain.Collection
	err := r.db.From(ctx).QueryRow(ctx, `
		SELECT id, machine_id, driver_id, counted_cents, collected_at, status,
		       expected_cents, variance_cents, reconciled_at
		  FROM collections WHERE id = $1`, id).
		Scan(&c.ID, &c.MachineID, &c.DriverID, &c.CountedCents, &c.CollectedAt, &c.Status,
			&c.ExpectedCents, &c.VarianceCents, &c.ReconciledAt)
	return c, notFound(err, "collection "+id)
}

func (r *CollectionRepo) InsertVariance(ctx context.Context, v domain.Variance) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO cash_variances (id, collection_id, machine_id, variance_cents, created_at)
		VALUES ($1, $2, $3, $4, $5)`,
		v.ID, v.CollectionID, v.MachineID, v.Cents, v.CreatedAt)
	return err
}

func (r *CollectionRepo) MarkReconciled(ctx context.Context, id string, expected, variance domain.Cents, at time.Time) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE collections
		   SET status = 'reconciled', expected_cents = $2, variance_cents = $3, reconciled_at = $4
		 WHERE id = $1`, id, expected, variance, at)
	return err
}

// RestockRepo stores restock orders. CreateManual and OpenAuto insert the
// header and lines and must run inside a transaction.
type RestockRepo struct{ db Conn }

func NewRestockRepo(db Conn) *RestockRepo { return &RestockRepo{db: db} }

const orderCols = `id, machine_id, source, status, COALESCE(request_key, ''),
	COALESCE(wholesaler_order_id, ''), created_at, submitted_at, received_at`

func scanOrder(row pgx.Row) (domain.RestockOrder, error) {
	var o domain.RestockOrder
	err := row.Scan(&o.ID, &o.MachineID, &o.Source, &o.Status, &o.RequestKey,
		&o.WholesalerOrderID, &o.CreatedAt, &o.SubmittedAt, &o.ReceivedAt)
	return o, err
}

// CreateManual inserts the order unless one with the same request key
// exists, in which case the existing order is returned.
func (r *RestockRepo) CreateManual(ctx context.Context, o domain.RestockOrder) (domain.RestockOrder, error) {
	q := r.db.From(ctx)
	var id string
	err := q.QueryRow(ctx, `
		INSERT INTO restock_orders (id, machine_id, source, status, request_key)
		VALUES ($1, $2, 'manual', 'open', $3)
		ON CONFLICT (request_key) DO NOTHING
		RETURNING id`, o.ID, o.MachineID, o.RequestKey).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		if err := q.QueryRow(ctx, `SELECT id FROM restock_orders WHERE request_key = $1`, o.RequestKey).Scan(&id); err != nil {
			return domain.RestockOrder{}, fmt.Errorf("load order for key: %w", err)
		}
		return r.Get(ctx, id)
	case err != nil:
		return domain.RestockOrder{}, err
	}
	if err := r.insertLines(ctx, q, id, o.Lines); err != nil {
		return domain.RestockOrder{}, err
	}
	return r.Get(ctx, id)
}

// OpenAuto opens the machine's automatic order, or returns the one already
// in flight (see restock_orders_one_auto_in_flight).
func (r *RestockRepo) OpenAuto(ctx context.Context, o domain.RestockOrder) (domain.RestockOrder, error) {
	q := r.db.From(ctx)
	var id string
	err := q.QueryRow(ctx, `
		INSERT INTO restock_orders (id, machine_id, source, status)
		VALUES ($1, $2, 'auto', 'open')
		ON CONFLICT (machine_id) WHERE source = 'auto' AND status IN ('open', 'submitted') DO NOTHING
		RETURNING id`, o.ID, o.MachineID).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		if err := q.QueryRow(ctx, `
			SELECT id FROM restock_orders
			 WHERE machine_id = $1 AND source = 'auto' AND status IN ('open', 'submitted')`,
			o.MachineID).Scan(&id); err != nil {
			return domain.RestockOrder{}, fmt.Errorf("load in-flight auto order: %w", err)
		}
		return r.Get(ctx, id)
	case err != nil:
		return domain.RestockOrder{}, err
	}
	if err := r.insertLines(ctx, q, id, o.Lines); err != nil {
		return domain.RestockOrder{}, err
	}
	return r.Get(ctx, id)
}

func (r *RestockRepo) insertLines(ctx context.Context, q DBTX, orderID string, lines []domain.RestockLine) error {
	for _, l := range lines {
		if _, err := q.Exec(ctx, `
			INSERT INTO restock_order_lines (order_id, product_id, quantity) VALUES ($1, $2, $3)`,
			orderID, l.ProductID, l.Quantity); err != nil {
			return fmt.Errorf("insert line %s: %w", l.ProductID, err)
		}
	}
	return nil
}

func (r *RestockRepo) Get(ctx context.Context, id string) (domain.RestockOrder, error) {
	q := r.db.From(ctx)
	o, err := scanOrder(q.QueryRow(ctx, `SELECT `+orderCols+` FROM restock_orders WHERE id = $1`, id))
	if err != nil {
		return domain.RestockOrder{}, notFound(err, "restock order "+id)
	}
	rows, err := q.Query(ctx, `
		SELECT l.product_id, p.sku, l.quantity
		  FROM restock_order_lines l JOIN products p ON p.id = l.product_id
		 WHERE l.order_id = $1 ORDER BY p.sku`, id)
	if err != nil {
		return domain.RestockOrder{}, err
	}
	o.Lines, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.RestockLine, error) {
		var l domain.RestockLine
		err := row.Scan(&l.ProductID, &l.SKU, &l.Quantity)
		return l, err
	})
	return o, err
}

func (r *RestockRepo) MarkSubmitted(ctx context.Context, id, wholesalerOrderID string, at time.Time) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE restock_orders SET status = 'submitted', wholesaler_order_id = $2, submitted_at = $3
		 WHERE id = $1 AND status = 'open'`, id, wholesalerOrderID, at)
	return err
}

func (r *RestockRepo) MarkReceived(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE restock_orders SET status = 'received', received_at = $2
		 WHERE id = $1 AND status = 'submitted'`, id, at)
	return err
}

func (r *RestockRepo) SiteCodeFor(ctx context.Context, machineID string) (string, error) {
	var code string
	err := r.db.From(ctx).QueryRow(ctx, `
		SELECT s.site_code FROM machines m JOIN sites s ON s.id = m.site_id WHERE m.id = $1`, machineID).Scan(&code)
	return code, notFound(err, "site for machine "+machineID)
}
