package claim

import (
	"context"
	"database/sql"
	"errors"
)

// ---- SELECT EXISTS (subquery): a check of the subquery's table by its
// conditions ----

// EXISTS scanned into a bool, the transaction open at the check: the
// claim takes its place, built from the subquery's table and WHERE.
func existsInOpenTx(ctx context.Context, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists bool
	err = db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)", id).Scan(&exists) // want `passes the same check`
	if err != nil {
		return err
	}
	if exists {
		return nil // a retry: the first attempt did it
	}
	if _, err := tx.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a"); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1)", id); err != nil {
		return err
	}
	return tx.Commit()
}

// The transaction begins after the check, whose EXISTS has an alias and
// two key columns: the claim moves to after the Begin.
func existsBeforeBegin(ctx context.Context, tenant, msgID string) error {
	var seen bool
	err := db.QueryRowContext(ctx, "select exists (select 1 from inbox where tenant_id = $1 and message_id = $2) as seen", tenant, msgID).Scan(&seen) // want `passes the same check`
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO shipments (message_id) VALUES ($1)", msgID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO inbox (tenant_id, message_id) VALUES ($1, $2)", tenant, msgID); err != nil {
		return err
	}
	return tx.Commit()
}

// pgx: the error and the answer in one condition.
func existsPgxOneBody(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var found bool
	if err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1)", key).Scan(&found); err != nil || found { // want `passes the same check`
		return err
	}
	tx.Exec(ctx, "INSERT INTO payouts (amount) VALUES ($1)", 4)
	tx.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return tx.Commit(ctx)
}

// ---- reported, without a claim (the transaction is open at the check:
// the fix runs the check on it) ----

// NOT EXISTS answers "not found": the claim would need the test
// inverted, and is not offered.
func notExists(ctx context.Context, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var fresh bool
	err = db.QueryRowContext(ctx, "SELECT NOT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)", id).Scan(&fresh) // want `passes the same check`
	if err != nil {
		return err
	}
	if !fresh {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a"); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1)", id); err != nil {
		return err
	}
	return tx.Commit()
}

// EXISTS always yields a row: a test of the error says nothing of the
// key, and the claim would change what the code does.
func existsByError(ctx context.Context, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)", id).Scan(&exists); err == nil { // want `passes the same check`
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	tx.ExecContext(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a")
	tx.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1)", id)
	return tx.Commit()
}

// ---- not reported ----

// EXISTS on a table that holds no key, by a column that is none: a read
// of the effect's data, not a key check.
func existsNotKey(ctx context.Context, email string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var taken bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM users WHERE email = $1)", email).Scan(&taken); err != nil {
		return err
	}
	if taken {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email)
	return tx.Commit()
}
