package claim

import (
	"context"
)

// ---- reported, without a claim (where a transaction is open at the
// check, the fix runs the check on it instead) ----

// The stored response is what the check reads: a claim cannot replay it.
func replayStored(ctx context.Context, key string) (string, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	var body string
	if err := db.QueryRowContext(ctx, "SELECT response FROM idempotency_keys WHERE key = $1", key).Scan(&body); err == nil { // want `passes the same check`
		return body, nil
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return "created", tx.Commit()
}

// An expiry condition the claim could not keep.
func expiring(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1 AND created_at > now() - interval '1 day'", key).Scan(&n) // want `passes the same check`
	if n > 0 {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return tx.Commit()
}

// The later INSERT stores more than the key: the claim would make it fail.
func storesMore(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `passes the same check`
	if n > 0 {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key, response) VALUES ($1, $2)", key, "created")
	return tx.Commit()
}

// The function does not write the key: a helper may, and the claim
// would make that INSERT fail.
func keyElsewhere(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `passes the same check`
	if n > 0 {
		return nil
	}
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	if err := recordKey(ctx, tx, key); err != nil {
		return err
	}
	return tx.Commit()
}

func recordKey(ctx context.Context, tx interface {
	Commit() error
}, key string) error {
	return nil
}

// The transaction that begins after the check has no deferred Rollback:
// a claim that found the key would leave it open.
func noRollback(ctx context.Context, key string) error {
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `passes the same check`
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

// The effect commits on its own: there is no transaction for the claim.
func effectOnPool(ctx context.Context, msgID string) error {
	var seen bool
	pool.QueryRow(ctx, "SELECT true FROM inbox WHERE message_id = $1", msgID).Scan(&seen) // want `passes the same check`
	if seen {
		return nil
	}
	_, err := pool.Exec(ctx, "INSERT INTO payments (message_id, amount) VALUES ($1, $2)", msgID, 5)
	return err
}

// The scanned value decides the other way round: the effect is in the if.
func effectInIf(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `passes the same check`
	if n == 0 {
		tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
		tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	}
	return tx.Commit()
}
