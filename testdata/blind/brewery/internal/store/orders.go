package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
)

// OrderRepo persists orders and their lines.
type OrderRepo struct{}

// NewOrderRepo constructs an OrderRepo.
func NewOrderRepo() *OrderRepo { return &OrderRepo{} }

// Insert writes the order header and all of its lines.
func (r *OrderRepo) Insert(ctx context.Context, q Querier, o domain.Order) error {
	_, err := q.Exec(ctx, `
		INSERT INTO orders (id, account_id, source, status, requested_delivery_date, subtotal_cents, deposit_cents, external_ref)
		VALUES ($1, $2, $3, $4, $5, $6, $7, NULLIF($8, ''))`,
		o.ID, o.AccountID, o.Source, string(o.Status), o.RequestedDeliveryDate, o.SubtotalCents, o.DepositCents, o.ExternalRef)
	if err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	for _, l := range o.Lines {
		if _, err := q.Exec(ctx, `
			INSERT INTO order_lines (order_id, line_no, sku, qty, unit_price_cents, deposit_cents)
			VALUES ($1, $2, $3, $4, $5, $6)`,
			o.ID, l.LineNo, l.SKU, l.Qty, l.UnitPriceCents, l.DepositCents); err != nil {
			return fmt.Errorf("insert order line %d: %w", l.LineNo, err)
		}
	}
	return nil
}

func (r *OrderRepo) get(ctx context.Context, q Querier, id uuid.UUID, lock bool) (domain.Order, error) {
	sql := `SELECT id, account_id, source, status, requested_delivery_date, subtotal_cents, deposit_cents,
	               COALESCE(external_ref, ''), created_at, confirmed_at
	          FROM orders WHERE id = $1`
	if lock {
		sql += ` FOR UPDATE`
	}
	var o domain.Order
	var status string
	err := q.QueryRow(ctx, sql, id).Scan(&o.ID, &o.AccountID, &o.Source, &status, &o.RequestedDeliveryDate,
		&o.SubtotalCents, &o.DepositCents, &o.ExternalRef, &o.CreatedAt, &o.ConfirmedAt)
	if err != nil {
		return domain.Order{}, notFound(err)
	}
	o.Status = domain.OrderStatus(status)
	rows, err := q.Query(ctx, `
		SELECT l.line_no, l.sku, p.package, l.qty, l.unit_price_cents, l.deposit_cents
		  FROM order_lines l JOIN products p USING (sku)
		 WHERE l.order_id = $1 ORDER BY l.line_no`, id)
	if err != nil {
		return domain.Order{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var l domain.OrderLine
		var pkg string
		if err := rows.Scan(&l.LineNo, &l.SKU, &pkg, &l.Qty, &l.UnitPriceCents, &l.DepositCents); err != nil {
			return domain.Order{}, err
		}
		l.Package = domain.Package(pkg)
		o.Lines = append(o.Lines, l)
	}
	return o, rows.Err()
}

// Get loads an order with its lines.
func (r *OrderRepo) Get(ctx context.Context, q Querier, id uuid.UUID) (domain.Order, error) {
	return r.get(ctx, q, id, false)
}

// GetForUpdate loads an order and row-locks the header; q must be a tx.
func (r *OrderRepo) GetForUpdate(ctx context.Context, q Querier, id uuid.UUID) (domain.Order, error) {
	return r.get(ctx, q, id, true)
}

// SetStatus moves an order to a new status unconditionally.
func (r *OrderRepo) SetStatus(ctx context.Context, q Querier, id uuid.UUID, status domain.OrderStatus, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE orders
		   SET status = $2,
		       confirmed_at = CASE WHEN $2 = 'confirmed' THEN $3 ELSE confirmed_at END,
		       cancelled_at = CASE WHEN $2 = 'cancelled' THEN $3 ELSE cancelled_at END
		 WHERE id = $1`, id, string(status), at)
	return err
}

// TransitionStatus moves an order from one of the allowed statuses to next and
// reports whether it did.
func (r *OrderRepo) TransitionStatus(ctx context.Context, q Querier, id uuid.UUID, from []domain.OrderStatus, next domain.OrderStatus) (bool, error) {
	fs := make([]string, len(from))
	for i, s := range from {
		fs[i] = string(s)
	}
	tag, err := q.Exec(ctx, `UPDATE orders SET status = $3 WHERE id = $1 AND status = ANY($2)`, id, fs, string(next))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// DeliveredLines returns (account, sku, qty) rows for orders delivered in a
// date range, used for excise and rebate volume.
type DeliveredLine struct {
	AccountID string
	SKU       string
	Qty       int
}

// ListDeliveredLines returns delivered lines in [from, to). If accountID is
// non-empty the result is limited to that account.
func (r *OrderRepo) ListDeliveredLines(ctx context.Context, q Querier, from, to time.Time, accountID string) ([]DeliveredLine, error) {
	rows, err := q.Query(ctx, `
		SELECT o.account_id, l.sku, l.qty
		  FROM orders o
		  JOIN deliveries d ON d.order_id = o.id
		  JOIN order_lines l ON l.order_id = o.id
		 WHERE d.status = 'delivered'
		   AND d.delivered_at >= $1 AND d.delivered_at < $2
		   AND ($3 = '' OR o.account_id = $3)`, from, to, accountID)
	if err != nil {
		return nil, fmt.Errorf("list delivered lines: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[DeliveredLine])
}
