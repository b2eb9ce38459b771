package claim

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
	sdb  *sqlx.DB
)

// The check runs on the pool while the transaction is open: the claim
// takes its place, on the transaction.
func countInOpenTx(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `passes the same check`
	if n > 0 {
		return nil // a retry: the first attempt did it
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (request_key) VALUES ($1)", key); err != nil {
		return err
	}
	// Record the key with the order.
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit()
}

// The transaction begins after the check: the claim moves to just after
// its Begin and deferred Rollback.
func checkBeforeBegin(ctx context.Context, msgID string) error {
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM processed_messages WHERE message_id = $1", msgID).Scan(&n) // want `passes the same check`
	if err != nil {
		return fmt.Errorf("check message %s: %w", msgID, err)
	}
	if n > 0 {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a"); err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1)", msgID)
	return tx.Commit()
}

// A missing row says "not seen": ErrNoRows is told apart from other errors.
func rowThenErrNoRows(ctx context.Context, tenant, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var one int
	row := db.QueryRowContext(ctx, "SELECT 1 FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 LIMIT 1", tenant, key) // want `passes the same check`
	if err := row.Scan(&one); err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO transfers (tenant_id, amount) VALUES ($1, $2)", tenant, 10); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (tenant_id, key) VALUES ($1, $2)", tenant, key); err != nil {
		return err
	}
	return tx.Commit()
}

// The check's error is ignored and the function returns a value too: the
// claim returns the error with the zero value.
func ignoredError(ctx context.Context, key string) (int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var seen bool
	db.QueryRow("SELECT true FROM dedup_keys WHERE key = $1", key).Scan(&seen) // want `passes the same check`
	if seen {
		return 0, nil
	}
	if _, err := tx.Exec("INSERT INTO charges (amount) VALUES ($1)", 3); err != nil {
		return 0, err
	}
	tx.Exec("INSERT INTO dedup_keys (key) VALUES ($1)", key)
	return 3, tx.Commit()
}

// pgx: the error tested in the if's init, the count in the next if.
func pgxIfInit(ctx context.Context, eventID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM processed_events WHERE event_id = $1", eventID).Scan(&n); err != nil { // want `passes the same check`
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, "INSERT INTO shipments (event_id) VALUES ($1)", eventID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1)", eventID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// pgx: one body for a failed check and a found key.
func pgxOneBody(ctx context.Context, msgID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM inbox WHERE message_id = $1", msgID).Scan(&n); err != nil || n > 0 { // want `passes the same check`
		return err
	}
	tx.Exec(ctx, "UPDATE accounts SET balance = balance + 1 WHERE id = $1", 7)
	tx.Exec(ctx, "INSERT INTO inbox (message_id) VALUES ($1)", msgID)
	return tx.Commit(ctx)
}

// pgx: the transaction begins after the check, whose missing row is
// told apart in a second if.
func pgxAfterBegin(ctx context.Context, key string) error {
	var id int64
	err := pool.QueryRow(ctx, "SELECT id FROM request_keys WHERE request_key = $1", key).Scan(&id) // want `passes the same check`
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO payouts (amount) VALUES ($1)", 4); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO request_keys (request_key) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The error assigned to the variable the Begin declared.
func assignedErr(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	err = db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `passes the same check`
	if err != nil {
		return err
	}
	if n >= 1 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO refunds (amount) VALUES ($1)", 7); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit()
}

// sqlx: QueryRowx on the database handle, the effect on a Txx.
func sqlxCheck(ctx context.Context, key string) error {
	tx, err := sdb.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	sdb.QueryRowxContext(ctx, "SELECT count(1) FROM request_keys WHERE request_key = $1", key).Scan(&n) // want `passes the same check`
	if n != 0 {
		return nil
	}
	tx.MustExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	tx.MustExecContext(ctx, "INSERT INTO request_keys (request_key) VALUES ($1)", key)
	return tx.Commit()
}

// database/sql: one body for a failed check and a found key; the
// deferred Rollback in a function; the key's INSERT assigns err.
func oneBodyAfterBegin(ctx context.Context, key string) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n); err != nil || n > 0 { // want `passes the same check`
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, "INSERT INTO refunds (amount) VALUES ($1)", 7); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	if err != nil {
		return err
	}
	return tx.Commit()
}

// The transaction is open at the check, and a deferred function rolls
// it back.
func deferredFuncInPlace(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var seen bool
	if err := db.QueryRowContext(ctx, "SELECT true FROM idempotency_keys WHERE key = $1", key).Scan(&seen); err != nil && !errors.Is(err, sql.ErrNoRows) { // want `passes the same check`
		return err
	}
	if seen {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return tx.Commit()
}
