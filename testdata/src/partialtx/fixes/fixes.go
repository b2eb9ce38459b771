package fixes

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

func transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1) // want `2 writes commit separately`
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
	w.WriteHeader(http.StatusNoContent)
}

func placeOrder(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO orders (total) VALUES ($1)", 3); err != nil { // want `2 writes commit separately`
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO order_lines (sku) VALUES ($1)", "a")
	if err != nil {
		return err
	}
	return nil
}
