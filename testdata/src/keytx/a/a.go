package a

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
	sdb  *sqlx.DB
)

// The key is written on the pool, the effect on a transaction.
func keyOnPool(ctx context.Context, key string, total int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", total); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil { // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction\)`
		return err
	}
	return tx.Commit()
}

// The key is written before the transaction begins.
func keyBeforeBegin(ctx context.Context, key string) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key); err != nil { // want `records the key without its effect, so the retry is skipped and the effect lost`
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return tx.Commit()
}

// The key is written after the commit.
func keyAfterCommit(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1)
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1)", key) // want `leaves the effect without its key`
	return err
}

// Check-then-act: the key is checked outside the effect's transaction.
func checkThenAct(ctx context.Context, key string) error {
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice`
	if n > 0 {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO orders (request_key) VALUES ($1)", key)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return tx.Commit()
}

// Check-then-act on the pool, both statements autocommitted.
func checkOnPool(ctx context.Context, msgID string) error {
	var seen bool
	pool.QueryRow(ctx, "SELECT true FROM inbox WHERE message_id = $1", msgID).Scan(&seen) // want `passes the same check`
	if seen {
		return nil
	}
	_, err := pool.Exec(ctx, "INSERT INTO payments (amount) VALUES ($1)", 5)
	return err
}

// pgx: the key on the pool, the effect on a transaction.
func pgxKeyOnPool(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "INSERT INTO orders (total) VALUES ($1)", 3)
	pool.Exec(ctx, "INSERT INTO dedup (key) VALUES ($1)", key) // want `the key commits apart from the effect`
	return tx.Commit(ctx)
}

// Two transactions.
func twoTx(ctx context.Context, key string) error {
	t1, _ := db.BeginTx(ctx, nil)
	t1.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `the key commits apart from the effect`
	t1.Commit()
	t2, _ := db.BeginTx(ctx, nil)
	t2.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return t2.Commit()
}

// sqlx: the key on the database handle, the effect on a transaction.
func sqlxKey(ctx context.Context, key string) error {
	tx := sdb.MustBegin()
	tx.MustExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	sdb.MustExecContext(ctx, "INSERT INTO request_keys (request_key) VALUES ($1)", key) // want `the key commits apart from the effect`
	return tx.Commit()
}

// Both autocommitted: each commits on its own.
func bothOnPool(ctx context.Context, msgID string) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING", msgID); err != nil { // want `records the key without its effect`
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", msgID)
	return err
}

// The stored response is updated on the pool, the effect on a transaction.
func responseOnPool(ctx context.Context, key string) error {
	tx, _ := db.BeginTx(ctx, nil)
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	db.ExecContext(ctx, "UPDATE idempotency_keys SET response = $1 WHERE key = $2", "ok", key) // want `the key commits apart from the effect`
	return tx.Commit()
}

// Negative: key and effect on one transaction.
func sameTx(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return tx.Commit()
}

// Negative: pgx, one transaction.
func pgxSameTx(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT DO NOTHING", key)
	tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key)
	return tx.Commit(ctx)
}

// Negative: the check inside the effect's transaction is not this
// check's concern.
func checkInTx(ctx context.Context, key string) error {
	tx, _ := db.BeginTx(ctx, nil)
	var n int
	tx.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1 FOR UPDATE", key).Scan(&n)
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return tx.Commit()
}

// Negative: deleting expired keys is housekeeping.
func purge(ctx context.Context) error {
	db.ExecContext(ctx, "DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'")
	_, err := db.ExecContext(ctx, "DELETE FROM sessions WHERE expired")
	return err
}

// Negative: a handle chosen by the caller.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func viaDBTX(ctx context.Context, q DBTX, key string) error {
	q.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	_, err := q.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return err
}

// Negative: only the key.
func onlyKey(ctx context.Context, key string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return err
}

// Negative: key and effect in one statement.
func oneStatement(ctx context.Context, key string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (request_key, total) VALUES ($1, $2) ON CONFLICT (request_key) DO NOTHING", key, 1)
	return err
}

// Negative: the SQL text is not constant.
func dynamic(ctx context.Context, table, key string) error {
	db.ExecContext(ctx, "INSERT INTO "+table+" (key) VALUES ($1)", key)
	_, err := db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	return err
}

// Negative: the check comes after the effect, in its transaction order.
func checkAfter(ctx context.Context, key string) error {
	tx, _ := db.BeginTx(ctx, nil)
	tx.ExecContext(ctx, "INSERT INTO orders (request_key) VALUES ($1)", key)
	tx.Commit()
	var n int
	return db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n)
}

var _ pgx.Tx
