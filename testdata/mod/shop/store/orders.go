// Package store is the shop's persistence layer: repositories over
// database/sql that the HTTP API and the workers call.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Order is a row of the orders table.
type Order struct {
	ID         string
	CustomerID string
	TotalCents int64
	CreatedAt  time.Time
}

// Orders reads and writes the orders table.
type Orders struct {
	db *sql.DB
}

// NewOrders returns the orders repository over db.
func NewOrders(db *sql.DB) *Orders { return &Orders{db: db} }

// Insert stores an order under the id its caller chose. Whether a retry
// repeats the first attempt depends on where the caller got id from.
func (o *Orders) Insert(ctx context.Context, id, customerID string, totalCents int64) error {
	_, err := o.db.ExecContext(ctx,
		"INSERT INTO orders (id, customer_id, total_cents, created_at) VALUES ($1, $2, $3, $4)",
		id, customerID, totalCents, time.Now())
	if err != nil {
		return fmt.Errorf("insert order %s: %w", id, err)
	}
	return nil
}

// Create stores a new order under an id it makes itself and returns it.
// Every call is a new order: callers on a retried path create duplicates.
func (o *Orders) Create(ctx context.Context, customerID string, totalCents int64) (string, error) {
	id := uuid.New() // standalone: IDEM001
	_, err := o.db.ExecContext(ctx,
		"INSERT INTO orders (id, customer_id, total_cents, created_at) VALUES ($1, $2, $3, $4)",
		id, customerID, totalCents, time.Now())
	if err != nil {
		return "", fmt.Errorf("create order: %w", err)
	}
	return id.String(), nil
}

// CreateOnce stores a new order with a fresh id beside the caller's
// operation key; the conflict clause turns a repeated key into a no-op,
// so the fresh id of a retry is never stored.
func (o *Orders) CreateOnce(ctx context.Context, key, customerID string, totalCents int64) error {
	_, err := o.db.ExecContext(ctx,
		`INSERT INTO orders (id, idempotency_key, customer_id, total_cents)
		 VALUES ($1, $2, $3, $4)
		 ON CONFLICT (idempotency_key) DO NOTHING`,
		uuid.New(), key, customerID, totalCents) // safe: ON CONFLICT (idempotency_key) DO NOTHING absorbs the retry
	return err
}

// Get reads one order.
func (o *Orders) Get(ctx context.Context, id string) (*Order, error) {
	var ord Order
	err := o.db.QueryRowContext(ctx,
		"SELECT id, customer_id, total_cents, created_at FROM orders WHERE id = $1", id).
		Scan(&ord.ID, &ord.CustomerID, &ord.TotalCents, &ord.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &ord, nil
}

// LineItem is a row of the order_lines table.
type LineItem struct {
	ID       string
	OrderID  string
	SKU      string
	Quantity int
}

// AddLine stores a line item under the ID its caller put in the struct.
func (o *Orders) AddLine(ctx context.Context, line LineItem) error {
	_, err := o.db.ExecContext(ctx,
		"INSERT INTO order_lines (id, order_id, sku, quantity) VALUES ($1, $2, $3, $4)",
		line.ID, line.OrderID, line.SKU, line.Quantity)
	return err
}

// RecordEvent appends to the order's event log. trace is a correlation
// value, not the identity of the row.
func (o *Orders) RecordEvent(ctx context.Context, orderID, kind, trace string) error {
	_, err := o.db.ExecContext(ctx,
		"INSERT INTO order_events (order_id, kind, trace, created_at) VALUES ($1, $2, $3, $4)",
		orderID, kind, trace, time.Now())
	return err
}
