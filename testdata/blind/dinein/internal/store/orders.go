package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// OrderRepository persists orders and their items.
type OrderRepository interface {
	Insert(ctx context.Context, q Querier, o *Order, items []OrderItem) error
	Get(ctx context.Context, q Querier, id uuid.UUID) (*Order, error)
	GetForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (*Order, error)
	GetByDelivery(ctx context.Context, q Querier, deliveryID string) (*Order, error)
	Items(ctx context.Context, q Querier, orderID uuid.UUID) ([]OrderItem, error)
	Transition(ctx context.Context, q Querier, id uuid.UUID, from []string, to string) (*Order, error)
	AdvanceCourierStatus(ctx context.Context, q Querier, deliveryID, to string) (bool, error)
	MarkDelivered(ctx context.Context, q Querier, id uuid.UUID, courierID string, at time.Time) (bool, error)
	SetCourierDelivery(ctx context.Context, q Querier, id uuid.UUID, deliveryID string) error
	AddTip(ctx context.Context, q Querier, id uuid.UUID, cents int64) error
	ListAwaitingCourier(ctx context.Context, q Querier, readyBefore time.Time, limit int) ([]Order, error)
}

// courierProgress is the order in which courier-driven statuses advance.
var courierProgress = []string{OrderAccepted, OrderReady, "courier_assigned", OrderPickedUp, OrderDelivered}

type pgOrders struct{}

// NewOrderRepository returns the Postgres order repository.
func NewOrderRepository() *pgOrders { return &pgOrders{} }

const orderColumns = `id, customer_id, restaurant_id, status, subtotal_cents, delivery_fee_cents,
	service_fee_cents, tip_cents, credit_applied_cents, total_cents, currency, dropoff_address,
	dropoff_notes, courier_delivery_id, courier_id, placed_at, delivered_at, created_at, updated_at`

func scanOrder(row pgx.Row) (Order, error) {
	var o Order
	err := row.Scan(&o.ID, &o.CustomerID, &o.RestaurantID, &o.Status, &o.SubtotalCents,
		&o.DeliveryFeeCents, &o.ServiceFeeCents, &o.TipCents, &o.CreditAppliedCents, &o.TotalCents,
		&o.Currency, &o.DropoffAddress, &o.DropoffNotes, &o.CourierDeliveryID, &o.CourierID,
		&o.PlacedAt, &o.DeliveredAt, &o.CreatedAt, &o.UpdatedAt)
	return o, err
}

func (r *pgOrders) Insert(ctx context.Context, q Querier, o *Order, items []OrderItem) error {
	err := q.QueryRow(ctx, `
		INSERT INTO orders (id, customer_id, restaurant_id, status, subtotal_cents, delivery_fee_cents,
			service_fee_cents, credit_applied_cents, total_cents, currency, dropoff_address, dropoff_notes)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
		RETURNING created_at, updated_at`,
		o.ID, o.CustomerID, o.RestaurantID, o.Status, o.SubtotalCents, o.DeliveryFeeCents,
		o.ServiceFeeCents, o.CreditAppliedCents, o.TotalCents, o.Currency, o.DropoffAddress, o.DropoffNotes,
	).Scan(&o.CreatedAt, &o.UpdatedAt)
	if err != nil {
		return mapErr(err)
	}
	if len(items) == 0 {
		return nil
	}
	batch := &pgx.Batch{}
	for _, it := range items {
		batch.Queue(`
			INSERT INTO order_items (order_id, menu_item_id, quantity, unit_price_cents, notes)
			VALUES ($1,$2,$3,$4,$5)`,
			o.ID, it.MenuItemID, it.Quantity, it.UnitPriceCents, it.Notes)
	}
	if tx, ok := q.(pgx.Tx); ok {
		return mapErr(tx.SendBatch(ctx, batch).Close())
	}
	for _, qq := range batch.QueuedQueries {
		if _, err := q.Exec(ctx, qq.SQL, qq.Arguments...); err != nil {
			return mapErr(err)
		}
	}
	return nil
}

func (r *pgOrders) Get(ctx context.Context, q Querier, id uuid.UUID) (*Order, error) {
	o, err := scanOrder(q.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id))
	if err != nil {
		return nil, mapErr(err)
	}
	return &o, nil
}

func (r *pgOrders) GetForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (*Order, error) {
	o, err := scanOrder(tx.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return nil, mapErr(err)
	}
	return &o, nil
}

func (r *pgOrders) GetByDelivery(ctx context.Context, q Querier, deliveryID string) (*Order, error) {
	o, err := scanOrder(q.QueryRow(ctx,
		`SELECT `+orderColumns+` FROM orders WHERE courier_delivery_id = $1`, deliveryID))
	if err != nil {
		return nil, mapErr(err)
	}
	return &o, nil
}

func (r *pgOrders) Items(ctx context.Context, q Querier, orderID uuid.UUID) ([]OrderItem, error) {
	rows, err := q.Query(ctx, `
		SELECT order_id, menu_item_id, quantity, unit_price_cents, notes
		FROM order_items WHERE order_id = $1 ORDER BY menu_item_id`, orderID)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(row pgx.Row) (OrderItem, error) {
		var it OrderItem
		err := row.Scan(&it.OrderID, &it.MenuItemID, &it.Quantity, &it.UnitPriceCents, &it.Notes)
		return it, err
	})
}

// Transition moves an order from one of the given statuses to another. It
// returns ErrConflict when the order is not in any of the from statuses.
func (r *pgOrders) Transition(ctx context.Context, q Querier, id uuid.UUID, from []string, to string) (*Order, error) {
	o, err := scanOrder(q.QueryRow(ctx, `
		UPDATE orders SET status = $2, updated_at = now(),
			placed_at = CASE WHEN $2 = 'placed' THEN now() ELSE placed_at END
		WHERE id = $1 AND status = ANY($3)
		RETURNING `+orderColumns, id, to, from))
	if err == pgx.ErrNoRows {
		return nil, ErrConflict
	}
	if err != nil {
		return nil, mapErr(err)
	}
	return &o, nil
}

// AdvanceCourierStatus moves the order forward along the courier progress
// and never backwards, so out-of-order partner events are ignored.
func (r *pgOrders) AdvanceCourierStatus(ctx context.Context, q Querier, deliveryID, to string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE orders SET status = $2, updated_at = now()
		WHERE courier_delivery_id = $1
		  AND array_position($3::text[], status) IS NOT NULL
		  AND array_position($3::text[], status) < array_position($3::text[], $2)`,
		deliveryID, to, courierProgress)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgOrders) MarkDelivered(ctx context.Context, q Querier, id uuid.UUID, courierID string, at time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE orders SET status = 'delivered', courier_id = $2, delivered_at = $3, updated_at = now()
		WHERE id = $1 AND status <> 'delivered'`, id, courierID, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgOrders) SetCourierDelivery(ctx context.Context, q Querier, id uuid.UUID, deliveryID string) error {
	tag, err := q.Exec(ctx,
		`UPDATE orders SET courier_delivery_id = $2, updated_at = now() WHERE id = $1`, id, deliveryID)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

func (r *pgOrders) AddTip(ctx context.Context, q Querier, id uuid.UUID, cents int64) error {
	_, err := q.Exec(ctx,
		`UPDATE orders SET tip_cents = tip_cents + $2, updated_at = now() WHERE id = $1`, id, cents)
	return err
}

func (r *pgOrders) ListAwaitingCourier(ctx context.Context, q Querier, readyBefore time.Time, limit int) ([]Order, error) {
	rows, err := q.Query(ctx, `
		SELECT `+orderColumns+` FROM orders
		WHERE status = 'ready' AND courier_delivery_id IS NULL AND updated_at < $1
		ORDER BY updated_at LIMIT $2`, readyBefore, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanOrder)
}
