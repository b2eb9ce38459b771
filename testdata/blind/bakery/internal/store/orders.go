package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"

	"github.com/crumbworks/ovenline/internal/domain"
)

// Orders persists orders and their lines.
type Orders struct{}

// NewOrders builds the repository.
func NewOrders() *Orders { return &Orders{} }

const insertOrderSQL = `
INSERT INTO orders (id, customer_id, standing_order_id, source, delivery_date, status, customer_ref, notes)
VALUES (:id, :customer_id, :standing_order_id, :source, :delivery_date, :status, :customer_ref, :notes)`

// Insert writes the order header.
func (r *Orders) Insert(ctx context.Context, q Q, o *domain.Order) error {
	_, err := namedExec(ctx, q, insertOrderSQL, o)
	return err
}

// InsertFromStanding writes the header for a standing order's delivery day.
// It returns the id of the order for that day and whether this call created
// it.
func (r *Orders) InsertFromStanding(ctx context.Context, q Q, o *domain.Order) (uuid.UUID, bool, error) {
	id, err := namedGet[uuid.UUID](ctx, q, insertOrderSQL+`
ON CONFLICT (standing_order_id, delivery_date) WHERE standing_order_id IS NOT NULL DO NOTHING
RETURNING id`, o)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return uuid.Nil, false, err
	}
	existing, err := namedGet[uuid.UUID](ctx, q,
		`SELECT id FROM orders WHERE standing_order_id = :standing_order_id AND delivery_date = :delivery_date`, o)
	return existing, false, err
}

// InsertLine writes one order line.
func (r *Orders) InsertLine(ctx context.Context, q Q, l domain.OrderLine) error {
	_, err := namedExec(ctx, q, `
INSERT INTO order_lines (order_id, product_id, quantity, unit_price_pence)
VALUES (:order_id, :product_id, :quantity, :unit_price_pence)`, l)
	return err
}

// Get loads an order and its lines.
func (r *Orders) Get(ctx context.Context, q Q, id uuid.UUID) (domain.Order, error) {
	o, err := namedGet[domain.Order](ctx, q, `
SELECT id, customer_id, standing_order_id, source, delivery_date, status, customer_ref, notes, created_at
FROM orders WHERE id = :id`, map[string]any{"id": id})
	if err != nil {
		return domain.Order{}, notFound(err, "order", id)
	}
	o.Lines, err = namedSelect[domain.OrderLine](ctx, q, `
SELECT order_id, product_id, quantity, unit_price_pence FROM order_lines WHERE order_id = :id
ORDER BY product_id`, map[string]any{"id": id})
	return o, err
}

// TransitionStatus moves an order to status only from one of the given
// states. It returns false when the order was not in any of them.
func (r *Orders) TransitionStatus(ctx context.Context, q Q, id uuid.UUID, to domain.OrderStatus, from ...domain.OrderStatus) (bool, error) {
	fromStr := make([]string, len(from))
	for i, f := range from {
		fromStr[i] = string(f)
	}
	query, args, err := sqlxIn(`UPDATE orders SET status = ? WHERE id = ? AND status IN (?)`, string(to), id, fromStr)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, q.Rebind(query), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// StandingOrders persists recurring orders.
type StandingOrders struct{}

// NewStandingOrders builds the repository.
func NewStandingOrders() *StandingOrders { return &StandingOrders{} }

type standingRow struct {
	domain.StandingOrder
	Weekdays pq.Int64Array `db:"weekdays"`
}

// Insert writes the standing order header.
func (r *StandingOrders) Insert(ctx context.Context, q Q, s *domain.StandingOrder) error {
	days := make(pq.Int64Array, len(s.Weekdays))
	for i, d := range s.Weekdays {
		days[i] = int64(d)
	}
	_, err := namedExec(ctx, q, `
INSERT INTO standing_orders (id, customer_id, weekdays, starts_on, ends_on, status, notes)
VALUES (:id, :customer_id, :weekdays, :starts_on, :ends_on, :status, :notes)`,
		standingRow{StandingOrder: *s, Weekdays: days})
	return err
}

// InsertLines writes the standing order's lines.
func (r *StandingOrders) InsertLines(ctx context.Context, q Q, lines []domain.StandingOrderLine) error {
	if len(lines) == 0 {
		return nil
	}
	_, err := namedExec(ctx, q, `
INSERT INTO standing_order_lines (standing_order_id, product_id, quantity)
VALUES (:standing_order_id, :product_id, :quantity)`, lines)
	return err
}

// ActiveOn returns the active standing orders that could run on day, with
// their lines.
func (r *StandingOrders) ActiveOn(ctx context.Context, q Q, day time.Time) ([]domain.StandingOrder, error) {
	rows, err := namedSelect[standingRow](ctx, q, `
SELECT id, customer_id, weekdays, starts_on, ends_on, status, notes, created_at
FROM standing_orders
WHERE status = 'active' AND starts_on <= :day AND (ends_on IS NULL OR ends_on >= :day)`,
		map[string]any{"day": day})
	if err != nil {
		return nil, err
	}
	out := make([]domain.StandingOrder, 0, len(rows))
	for _, row := range rows {
		so := row.StandingOrder
		so.Weekdays = make([]int16, len(row.Weekdays))
		for i, d := range row.Weekdays {
			so.Weekdays[i] = int16(d)
		}
		so.Lines, err = namedSelect[domain.StandingOrderLine](ctx, q, `
SELECT standing_order_id, product_id, quantity FROM standing_order_lines WHERE standing_order_id = :id`,
			map[string]any{"id": so.ID})
		if err != nil {
			return nil, err
		}
		out = append(out, so)
	}
	return out, nil
}
