package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// OrderRepo persists orders, their lines and their audit events.
type OrderRepo struct {
	db pg.DBTX
}

// NewOrderRepo builds an OrderRepo.
func NewOrderRepo(db pg.DBTX) *OrderRepo { return &OrderRepo{db: db} }

const orderColumns = `id, customer_id, store_id, retailer_id, slot_id, status,
	subtotal_cents, discount_cents, total_cents, currency, phone, payment_method,
	created_at, updated_at`

func scanOrder(row rowScanner) (domain.Order, error) {
	var o domain.Order
	var status string
	err := row.Scan(&o.ID, &o.CustomerID, &o.StoreID, &o.RetailerID, &o.SlotID, &status,
		&o.SubtotalCents, &o.DiscountCents, &o.TotalCents, &o.Currency, &o.Phone, &o.PaymentMethod,
		&o.CreatedAt, &o.UpdatedAt)
	if err != nil {
		return domain.Order{}, err
	}
	o.Status = domain.OrderStatus(status)
	return o, nil
}

// Insert stores a new order with its lines.
func (r *OrderRepo) Insert(ctx context.Context, o domain.Order, lines []domain.OrderLine) error {
	q := conn(ctx, r.db)
	_, err := q.Exec(ctx, `
		INSERT INTO orders (id, customer_id, store_id, retailer_id, slot_id, status,
			subtotal_cents, discount_cents, total_cents, currency, phone, payment_method)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		o.ID, o.CustomerID, o.StoreID, o.RetailerID, o.SlotID, string(o.Status),
		o.SubtotalCents, o.DiscountCents, o.TotalCents, o.Currency, o.Phone, o.PaymentMethod)
	if err != nil {
		return fmt.Errorf("insert order: %w", err)
	}

	batch := &pgx.Batch{}
	for _, l := range lines {
		batch.Queue(`
			INSERT INTO order_lines (order_id, line_no, sku, quantity, unit_price_cents)
			VALUES ($1, $2, $3, $4, $5)`,
			o.ID, l.LineNo, l.SKU, l.Quantity, l.UnitPriceCents)
	}
	if batch.Len() == 0 {
		return nil
	}
	tx, ok := txFromCtx(ctx)
	if !ok {
		return fmt.Errorf("insert order lines: must run inside a transaction")
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("insert order lines: %w", err)
	}
	return nil
}

// Get loads an order.
func (r *OrderRepo) Get(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	row := conn(ctx, r.db).QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id)
	o, err := scanOrder(row)
	if err != nil {
		return domain.Order{}, fmt.Errorf("get order %s: %w", id, pg.NotFound(err))
	}
	return o, nil
}

// GetForUpdate loads and row-locks an order; it must be called in a transaction.
func (r *OrderRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	row := conn(ctx, r.db).QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1 FOR UPDATE`, id)
	o, err := scanOrder(row)
	if err != nil {
		return domain.Order{}, fmt.Errorf("lock order %s: %w", id, pg.NotFound(err))
	}
	return o, nil
}

// SetStatus moves an order to a new status.
func (r *OrderRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error {
	_, err := conn(ctx, r.db).Exec(ctx,
		`UPDATE orders SET status = $2, updated_at = now() WHERE id = $1`, id, string(status))
	if err != nil {
		return fmt.Errorf("set order status: %w", err)
	}
	return nil
}

// SetSlot moves an order to another delivery slot.
func (r *OrderRepo) SetSlot(ctx context.Context, id uuid.UUID, slotID int64) error {
	_, err := conn(ctx, r.db).Exec(ctx,
		`UPDATE orders SET slot_id = $2, updated_at = now() WHERE id = $1`, id, slotID)
	return err
}

// AdjustTotal adds deltaCents (possibly negative) to the order total.
func (r *OrderRepo) AdjustTotal(ctx context.Context, id uuid.UUID, deltaCents int64) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE orders
		   SET subtotal_cents = subtotal_cents + $2,
		       total_cents = GREATEST(total_cents + $2, 0),
		       updated_at = now()
		 WHERE id = $1`, id, deltaCents)
	if err != nil {
		return fmt.Errorf("adjust order total: %w", err)
	}
	return nil
}

// ApplyDiscount adds a discount to the order.
func (r *OrderRepo) ApplyDiscount(ctx context.Context, id uuid.UUID, cents int64) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE orders
		   SET discount_cents = discount_cents + $2,
		       total_cents = GREATEST(total_cents - $2, 0),
		       updated_at = now()
		 WHERE id = $1`, id, cents)
	return err
}

// LockExpirable selects unpaid orders older than cutoff, skipping rows
// locked by another sweeper. It must run inside a transaction.
func (r *OrderRepo) LockExpirable(ctx context.Context, cutoff time.Time, limit int) ([]domain.Order, error) {
	rows, err := conn(ctx, r.db).Query(ctx, `
		SELECT `+orderColumns+` FROM orders
		 WHERE status = $1 AND created_at < $2
		 ORDER BY created_at
		 LIMIT $3
		 FOR UPDATE SKIP LOCKED`, string(domain.OrderPendingPayment), cutoff, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Order
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// IDsInSlot returns the open orders booked into a slot.
func (r *OrderRepo) IDsInSlot(ctx context.Context, slotID int64) ([]uuid.UUID, error) {
	rows, err := conn(ctx, r.db).Query(ctx, `
		SELECT id FROM orders
		 WHERE slot_id = $1 AND status IN ('confirmed', 'picking', 'packed')`, slotID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
}

// Lines returns the lines of an order.
func (r *OrderRepo) Lines(ctx context.Context, id uuid.UUID) ([]domain.OrderLine, error) {
	rows, err := conn(ctx, r.db).Query(ctx, `
		SELECT order_id, line_no, sku, quantity, unit_price_cents, substituted_sku
		  FROM order_lines WHERE order_id = $1 ORDER BY line_no`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.OrderLine
	for rows.Next() {
		var l domain.OrderLine
		if err := rows.Scan(&l.OrderID, &l.LineNo, &l.SKU, &l.Quantity, &l.UnitPriceCents, &l.SubstitutedSKU); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// GetLine loads one order line.
func (r *OrderRepo) GetLine(ctx context.Context, orderID uuid.UUID, lineNo int) (domain.OrderLine, error) {
	var l domain.OrderLine
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT order_id, line_no, sku, quantity, unit_price_cents, substituted_sku
		  FROM order_lines WHERE order_id = $1 AND line_no = $2`, orderID, lineNo).
		Scan(&l.OrderID, &l.LineNo, &l.SKU, &l.Quantity, &l.UnitPriceCents, &l.SubstitutedSKU)
	if err != nil {
		return domain.OrderLine{}, fmt.Errorf("get order line: %w", pg.NotFound(err))
	}
	return l, nil
}

// ApplyLineSubstitution replaces the product on an order line.
func (r *OrderRepo) ApplyLineSubstitution(ctx context.Context, orderID uuid.UUID, lineNo int, sku string, unitPrice int64, qty int) error {
	tag, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE order_lines
		   SET substituted_sku = $3, unit_price_cents = $4, quantity = $5
		 WHERE order_id = $1 AND line_no = $2`, orderID, lineNo, sku, unitPrice, qty)
	if err != nil {
		return fmt.Errorf("apply substitution: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// AppendEvent writes an audit event.
func (r *OrderRepo) AppendEvent(ctx context.Context, ev domain.OrderEvent) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO order_events (id, order_id, type, detail) VALUES ($1, $2, $3, $4)`,
		ev.ID, ev.OrderID, ev.Type, ev.Detail)
	if err != nil {
		return fmt.Errorf("append order event: %w", err)
	}
	return nil
}
