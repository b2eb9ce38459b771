package marketplace

import (
	"context"
	"fmt"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store holds marketplace queries.
type Store struct {
	orders   *repository.Repository[Order]
	products *repository.Repository[Product]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{
		orders:   repository.New[Order]("addon_orders", "id"),
		products: repository.New[Product]("addon_products", "code"),
	}
}

// Product loads an active product.
func (s *Store) Product(ctx context.Context, q database.Queryer, code string) (*Product, error) {
	p, err := s.products.Get(ctx, q, code)
	if err != nil {
		return nil, err
	}
	if !p.Active {
		return nil, database.ErrNotFound
	}
	return p, nil
}

// ByClientKey loads a member's order by the client's request key.
func (s *Store) ByClientKey(ctx context.Context, q database.Queryer, memberID, key string) (*Order, error) {
	o, err := s.orders.GetBy(ctx, q, map[string]any{"member_id": memberID, "client_key": key})
	if err != nil {
		return nil, err
	}
	return o, s.loadLines(ctx, q, o)
}

// Get loads an order with its lines.
func (s *Store) Get(ctx context.Context, q database.Queryer, id string) (*Order, error) {
	o, err := s.orders.Get(ctx, q, id)
	if err != nil {
		return nil, err
	}
	return o, s.loadLines(ctx, q, o)
}

func (s *Store) loadLines(ctx context.Context, q database.Queryer, o *Order) error {
	return q.SelectContext(ctx, &o.Lines, `
		SELECT order_id, product_code, quantity, price_cents, cancelled_at, refund_id
		FROM addon_order_lines WHERE order_id = $1 ORDER BY product_code`, o.ID)
}

// InsertOrder writes the order unless the member already placed one with
// the same client key; it reports whether it wrote.
func (s *Store) InsertOrder(ctx context.Context, q database.Queryer, o *Order) (bool, error) {
	return s.orders.InsertIgnore(ctx, q, o, "member_id", "client_key")
}

// InsertLines writes the order lines and takes the stock.
func (s *Store) InsertLines(ctx context.Context, q database.Queryer, lines []Line) error {
	for _, l := range lines {
		if _, err := q.ExecContext(ctx, `
			INSERT INTO addon_order_lines (order_id, product_code, quantity, price_cents)
			VALUES ($1, $2, $3, $4)`, l.OrderID, l.ProductCode, l.Quantity, l.PriceCents); err != nil {
			return fmt.Errorf("insert line %s: %w", l.ProductCode, err)
		}
		res, err := q.ExecContext(ctx, `
			UPDATE addon_products SET stock = stock - $2 WHERE code = $1 AND stock >= $2`, l.ProductCode, l.Quantity)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrOutOfStock
		}
	}
	return nil
}

// CancelLine marks a line cancelled and restocks it; false means it was
// already cancelled.
func (s *Store) CancelLine(ctx context.Context, q database.Queryer, orderID, code, refundID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE addon_order_lines SET cancelled_at = now(), refund_id = $3
		WHERE order_id = $1 AND product_code = $2 AND cancelled_at IS NULL`, orderID, code, refundID)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	_, err = q.ExecContext(ctx, `
		UPDATE addon_products p SET stock = p.stock + l.quantity
		FROM addon_order_lines l
		WHERE l.order_id = $1 AND l.product_code = $2 AND p.code = l.product_code`, orderID, code)
	return true, err
}

// CloseIfAllCancelled cancels the order once every line is cancelled.
func (s *Store) CloseIfAllCancelled(ctx context.Context, q database.Queryer, orderID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE addon_orders SET status = 'cancelled', cancelled_at = now()
		WHERE id = $1 AND status = 'paid'
		  AND NOT EXISTS (SELECT 1 FROM addon_order_lines WHERE order_id = $1 AND cancelled_at IS NULL)`, orderID)
	return err
}

// BoxFor finds the member's box for a week.
func (s *Store) BoxFor(ctx context.Context, q database.Queryer, memberID string, week time.Time) (string, error) {
	var id string
	err := q.GetContext(ctx, &id, `
		SELECT b.id FROM boxes b JOIN subscriptions s ON s.id = b.subscription_id
		WHERE s.member_id = $1 AND b.week_start = $2 AND b.status <> 'skipped'
		ORDER BY s.created_at LIMIT 1`, memberID, week)
	if err != nil {
		return "", database.NotFound(err)
	}
	return id, nil
}

// InsertFulfilment records which box carries the order.
func (s *Store) InsertFulfilment(ctx context.Context, q database.Queryer, f *Fulfilment) error {
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO addon_fulfilments (order_id, box_id, week_start, created_at)
		VALUES (:order_id, :box_id, :week_start, :created_at)`, f)
	return err
}

// MarkFulfilled moves a paid order to fulfilled.
func (s *Store) MarkFulfilled(ctx context.Context, q database.Queryer, orderID string) error {
	_, err := q.ExecContext(ctx, `UPDATE addon_orders SET status = 'fulfilled' WHERE id = $1 AND status = 'paid'`, orderID)
	return err
}

// PaymentProfile returns the member's Cardpay customer and card.
func (s *Store) PaymentProfile(ctx context.Context, q database.Queryer, memberID string) (customer, method string, err error) {
	var row struct {
		Customer *string `db:"cardpay_customer_id"`
		Method   *string `db:"payment_method_id"`
	}
	if err := q.GetContext(ctx, &row, `SELECT cardpay_customer_id, payment_method_id FROM members WHERE id = $1`, memberID); err != nil {
		return "", "", database.NotFound(err)
	}
	if row.Customer == nil || row.Method == nil {
		return "", "", ErrNoCard
	}
	return *row.Customer, *row.Method, nil
}
