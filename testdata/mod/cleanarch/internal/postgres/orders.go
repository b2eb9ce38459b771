// Package postgres implements app.OrderRepository with pgx.
package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/cleanarch/internal/app"
)

type OrderRepository struct {
	pool   *pgxpool.Pool
	newKey func() string
}

func NewOrderRepository(pool *pgxpool.Pool) *OrderRepository {
	return &OrderRepository{pool: pool, newKey: func() string { return fmt.Sprintf("pay-%d", time.Now().UnixNano()) }}
}

// Save stores the order under the ID the caller chose, with no
// conflict handling: a retry of a keyed request inserts the same ID again.
func (r *OrderRepository) Save(ctx context.Context, o app.Order) error {
	_, err := r.pool.Exec(ctx, // finding: IDEM005
		"INSERT INTO orders (id, customer, total, created_at) VALUES ($1, $2, $3, $4)",
		o.ID, o.Customer, o.Total, o.CreatedAt)
	return err
}

// SaveNote gives each note an identity of its own, fresh on every call.
func (r *OrderRepository) SaveNote(ctx context.Context, orderID, text string) error {
	noteID := uuid.New() // finding: IDEM001
	_, err := r.pool.Exec(ctx, "INSERT INTO notes (id, order_id, body) VALUES ($1, $2, $3)", noteID, orderID, text)
	return err
}

// SavePayment records a payment under its caller's key, or under one it
// makes when the caller gives none; the memo is optional.
func (r *OrderRepository) SavePayment(ctx context.Context, p app.Payment) error {
	memo := "none"
	if p.Memo != "" {
		memo = p.Memo
	}
	id := p.Key
	if id == "" {
		id = r.newKey() // safe: made only without a key, and the program's only caller gives one
	}
	_, err := r.pool.Exec(ctx, "INSERT INTO payments (id, amount, memo) VALUES ($1, $2, $3)", id, p.Amount, memo)
	return err
}
