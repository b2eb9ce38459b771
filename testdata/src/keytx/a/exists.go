package a

import "context"

// SELECT EXISTS (subquery) checks the subquery's table: reported where
// SELECT 1 from that table is.
func existsOnPool(ctx context.Context, eventID string) error {
	var exists bool
	pool.QueryRow(ctx, "SELECT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)", eventID).Scan(&exists) // want `the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement\)`
	if exists {
		return nil
	}
	_, err := pool.Exec(ctx, "INSERT INTO payments (amount) VALUES ($1)", 5)
	return err
}

// NOT EXISTS, with an alias, before the transaction of the effect.
func notExistsBeforeTx(ctx context.Context, key string) error {
	var fresh bool
	if err := db.QueryRowContext(ctx, "select not exists (select 1 from idempotency_keys k where k.key = $1) as fresh", key).Scan(&fresh); err != nil { // want `passes the same check`
		return err
	}
	if !fresh {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO orders (request_key) VALUES ($1)", key)
	return tx.Commit()
}

// EXISTS by a key column of another table.
func existsByKeyColumn(ctx context.Context, key string) error {
	var done bool
	db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM orders WHERE request_key = $1)", key).Scan(&done) // want `passes the same check`
	if done {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO orders (request_key) VALUES ($1)", key)
	return tx.Commit()
}

// EXISTS on the effect's transaction: not reported.
func existsInTx(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists bool
	if err := tx.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM idempotency_keys WHERE key = $1)", key).Scan(&exists); err != nil || exists {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO orders (request_key) VALUES ($1)", key)
	tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return tx.Commit()
}

// EXISTS on a table that holds no key, by a column that is none: not
// reported.
func existsNotKey(ctx context.Context, email string) error {
	var taken bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM users WHERE email = $1)", email).Scan(&taken); err != nil || taken {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email)
	return tx.Commit()
}
