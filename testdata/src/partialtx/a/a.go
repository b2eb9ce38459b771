package a

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
	sdb  *sqlx.DB
)

// A transfer whose two updates commit one by one.
func transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) is not idempotent \(HTTP handler transfer\)`
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
}

// An order and its lines, inserted one by one.
func placeOrder(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO orders (total) VALUES ($1)", 3); err != nil { // want `the INSERT into orders is not idempotent \(asynq handler placeOrder\)`
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO order_lines (sku) VALUES ($1)", "a"); err != nil {
		return err
	}
	return nil
}

// Two transactions.
func twoTx(ctx context.Context, t *asynq.Task) error {
	t1, _ := db.BeginTx(ctx, nil)
	t1.ExecContext(ctx, "INSERT INTO payments (amount) VALUES ($1)", 1) // want `2 writes commit separately`
	t1.Commit()
	t2, _ := db.BeginTx(ctx, nil)
	t2.ExecContext(ctx, "UPDATE invoices SET paid = true WHERE id = $1", 1)
	return t2.Commit()
}

// sqlx, both on the handle.
func sqlxWrites(ctx context.Context, t *asynq.Task) error {
	sdb.MustExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a") // want `UPDATE of stock`
	sdb.MustExecContext(ctx, "INSERT INTO reservations (sku) VALUES ($1)", "a")
	return nil
}

// Negative: one transaction.
func oneTx(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1)
	tx.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
	return tx.Commit()
}

// Negative: every write is idempotent.
func idempotent(ctx context.Context, t *asynq.Task) error {
	db.ExecContext(ctx, "UPDATE orders SET status = 'paid' WHERE id = $1", 1)
	db.ExecContext(ctx, "INSERT INTO receipts (order_id) VALUES ($1) ON CONFLICT DO NOTHING", 1)
	return nil
}

// A dedup guard that commits on its own covers nothing: after a failure
// between the writes, it stops the retry that would finish them.
func guarded(ctx context.Context, t *asynq.Task) error {
	res, _ := db.ExecContext(ctx, "INSERT INTO processed (task_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ResultWriter().TaskID())
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler guarded\)`
	db.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a")
	return nil
}

// Negative: exclusive branches.
func upsertByHand(ctx context.Context, t *asynq.Task, exists bool) error {
	if exists {
		_, err := db.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", 1)
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO counters (id, n) VALUES ($1, 1)", 1)
	return err
}

// Negative: a single write.
func single(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return err
}

// Negative: not on a retried path.
func migrate(ctx context.Context) {
	db.ExecContext(ctx, "INSERT INTO settings (k) VALUES ($1)", "a")
	db.ExecContext(ctx, "INSERT INTO settings (k) VALUES ($1)", "b")
}
