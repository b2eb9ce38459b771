// Package postgres implements app.OrderRepository with pgx.
package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/cleanarch/internal/app"
)

type OrderRepository struct{ pool *pgxpool.Pool }

func NewOrderRepository(pool *pgxpool.Pool) *OrderRepository {
	return &OrderRepository{pool: pool}
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
