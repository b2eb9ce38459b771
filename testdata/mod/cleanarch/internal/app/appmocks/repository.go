// Package appmocks holds a test double of app.OrderRepository; it is not
// part of the production program even though cmd/server links it.
package appmocks

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/cleanarch/internal/app"
)

type Repository struct{ Pool *pgxpool.Pool }

func (r *Repository) Save(ctx context.Context, o app.Order) error {
	_, err := r.Pool.Exec(ctx, "INSERT INTO mock_orders (id) VALUES ($1)", o.ID)
	return err
}

func (r *Repository) SaveNote(ctx context.Context, orderID, text string) error {
	_, err := r.Pool.Exec(ctx, "INSERT INTO mock_notes (id, order_id) VALUES ($1, $2)", text, orderID)
	return err
}

func (r *Repository) SavePayment(ctx context.Context, p app.Payment) error {
	_, err := r.Pool.Exec(ctx, "INSERT INTO mock_payments (id) VALUES ($1)", p.Key)
	return err
}
