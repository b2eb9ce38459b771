// Package adapters implements app.Repository.
package adapters

import (
	"context"
	"database/sql"
)

type Repository struct{ DB *sql.DB }

func (r *Repository) Insert(ctx context.Context, id, customer string) error {
	_, err := r.DB.ExecContext(ctx, "INSERT INTO orders (id, customer) VALUES ($1, $2)", id, customer)
	return err
}

func (r *Repository) MarkCancelled(ctx context.Context, orderID string) error {
	_, err := r.DB.ExecContext(ctx, "UPDATE orders SET status = 'cancelled' WHERE id = $1", orderID)
	return err
}
