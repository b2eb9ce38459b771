package a

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jackc/pgx/v5"
)

var conn *pgx.Conn

// withTx runs fn in a transaction of d and commits it when fn succeeds.
func withTx(ctx context.Context, d *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// ---- positives ----

// pgx.Conn: the key goes to the connection outside the transaction it began.
func connKeyOutsideTx(ctx context.Context, key string) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO invoices (amount) VALUES ($1)", 100); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil { // want `leaves the effect without its key, so the retry repeats it: the key commits apart from the effect`
		return err
	}
	return tx.Commit(ctx)
}

// pgx.BeginFunc: the callback writes the effect on its tx but the key on the pool.
func beginFuncKeyOnPool(ctx context.Context, id string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", id); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1)", id) // want `leaves the effect without its key`
		return err
	})
}

// Check-then-act: the key is checked on the pool, the effect and key then run in pgx.BeginFunc.
func checkThenBeginFunc(ctx context.Context, id string) error {
	var n int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM processed_events WHERE event_id = $1", id).Scan(&n); err != nil { // want `passes the same check and performs the effect twice`
		return err
	}
	if n > 0 {
		return nil
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1)", id)
		return err
	})
}

// Check-then-act with QueryContext: rows on the pool decide, the tx writes key and effect.
func checkRowsThenTx(ctx context.Context, key string) error {
	rows, err := db.QueryContext(ctx, "SELECT key FROM idempotency_keys WHERE key = $1", key) // want `passes the same check`
	if err != nil {
		return err
	}
	found := rows.Next()
	rows.Close()
	if found {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO refunds (amount) VALUES ($1)", 7); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit()
}

// Check-then-act on a key column of the effect table itself, in a pgx transaction.
func checkKeyColumnThenTx(ctx context.Context, key string) error {
	var id int64
	err := pool.QueryRow(ctx, "SELECT id FROM orders WHERE request_key = $1", key).Scan(&id) // want `passes the same check`
	if err == nil {
		return nil
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO orders (request_key, total) VALUES ($1, $2)", key, 5); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// pgx: the inbox row is written on the pool after the transaction committed.
func pgxKeyAfterCommit(ctx context.Context, msgID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "a"); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO inbox (message_id) VALUES ($1)", msgID) // want `leaves the effect without its key`
	return err
}

// withTx helper: the callback writes the effect on tx and the key on db.
func helperKeyOnDB(ctx context.Context, key string) error {
	return withTx(ctx, db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "INSERT INTO transfers (amount) VALUES ($1)", 9); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `leaves the effect without its key`
		return err
	})
}

// UPDATE of a schema-qualified key table storing the response, on the pool, before Commit.
func storeResponseOnPool(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO bookings (room) VALUES ($1)", 12); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "UPDATE api.idempotency_requests SET status = 'done', response_code = 201 WHERE idempotency_key = $1", key); err != nil { // want `leaves the effect without its key`
		return err
	}
	return tx.Commit(ctx)
}

// Exec without context: the key on db, the effect on tx.
func execNoContext(key string) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := db.Exec("INSERT INTO dedup_keys (key) VALUES ($1)", key); err != nil { // want `records the key without its effect, so the retry is skipped and the effect lost`
		return err
	}
	if _, err := tx.Exec("INSERT INTO charges (amount) VALUES ($1)", 3); err != nil {
		return err
	}
	return tx.Commit()
}

// QueryRowContext INSERT ... RETURNING claims the key on db, the effect runs on tx.
func claimReturningOnDB(ctx context.Context, key string) error {
	var claimed string
	if err := db.QueryRowContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key", key).Scan(&claimed); err != nil { // want `records the key without its effect`
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1); err != nil {
		return err
	}
	return tx.Commit()
}

// ON CONFLICT DO NOTHING on the pool decides by rows affected, the effect also on the pool.
func pgxBothOnPool(ctx context.Context, eventID string) error {
	tag, err := pool.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING", eventID) // want `records the key without its effect`
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	_, err = pool.Exec(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "b")
	return err
}

// MERGE into the inbox on db, the effect on tx.
func mergeInboxOnDB(ctx context.Context, msgID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO deliveries (message_id) VALUES ($1)", msgID); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, "MERGE INTO inbox i USING (SELECT $1 AS id) s ON i.message_id = s.id WHEN NOT MATCHED THEN INSERT (message_id) VALUES (s.id)", msgID); err != nil { // want `leaves the effect without its key`
		return err
	}
	return tx.Commit()
}

// pgx.Conn: key and effect in two transactions of one connection.
func connTwoTx(ctx context.Context, key string) error {
	t1, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := t1.Exec(ctx, "INSERT INTO request_keys (request_key) VALUES ($1)", key); err != nil { // want `records the key without its effect`
		return err
	}
	if err := t1.Commit(ctx); err != nil {
		return err
	}
	t2, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := t2.Exec(ctx, "INSERT INTO payouts (amount) VALUES ($1)", 4); err != nil {
		return err
	}
	return t2.Commit(ctx)
}

// ---- negatives ----

// Negative: pgx.Conn, key and effect on one transaction.
func connSameTx(ctx context.Context, key string) error {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: "serializable"})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO invoices (amount) VALUES ($1)", 100); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: pgx.BeginFunc, key and effect on the callback's tx.
func beginFuncSameTx(ctx context.Context, id string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING", id)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", id)
		return err
	})
}

// Negative: pgx.BeginTxFunc on a connection, the check locks inside the same tx.
func beginTxFuncCheckInTx(ctx context.Context, key string) error {
	return pgx.BeginTxFunc(ctx, conn, pgx.TxOptions{}, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1 FOR UPDATE", key).Scan(&n); err != nil || n > 0 {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO refunds (amount) VALUES ($1)", 2)
		return err
	})
}

// Negative: withTx helper, key and effect both on the callback's tx.
func helperSameTx(ctx context.Context, key string) error {
	return withTx(ctx, db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO transfers (amount) VALUES ($1)", 9)
		return err
	})
}

// Negative: the stored response is updated on the effect's pgx transaction.
func storeResponseInTx(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO bookings (room) VALUES ($1)", 12); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE api.idempotency_requests SET status = 'done', response_code = 201 WHERE idempotency_key = $1", key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: QueryRowContext INSERT ... RETURNING claims the key on the effect's tx.
func claimReturningInTx(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var claimed string
	err = tx.QueryRowContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key", key).Scan(&claimed)
	if err == sql.ErrNoRows {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: pgx, key and effect in one transaction, rows affected decides.
func pgxRowsAffectedInTx(ctx context.Context, eventID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING", eventID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, "UPDATE stock SET qty = qty - 1 WHERE sku = $1", "b"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Queries is an sqlc-style query set over a caller-chosen DBTX.
type Queries struct{ db DBTX }

func NewQueries(d DBTX) *Queries { return &Queries{db: d} }

// Negative: the handle is an interface, so its commit unit is unknown.
func (q *Queries) InsertKey(ctx context.Context, key string) error {
	_, err := q.db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return err
}

// Negative: the handle is an interface, so its commit unit is unknown.
func (q *Queries) InsertOrder(ctx context.Context, total int64) error {
	_, err := q.db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", total)
	return err
}

// The statements behind the sqlc Queries methods run where NewQueries
// puts them: the order on the transaction, the key on the pool.
func viaQueries(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := NewQueries(tx).InsertOrder(ctx, 1); err != nil {
		return err
	}
	if err := NewQueries(db).InsertKey(ctx, key); err != nil { // want `leaves the effect without its key, so the retry repeats it`
		return err
	}
	return tx.Commit()
}

// Negative: a function that only reads the key and its stored response.
func replayOnly(ctx context.Context, key string) (string, error) {
	var body string
	err := pool.QueryRow(ctx, "SELECT response_body FROM idempotency_keys WHERE key = $1", key).Scan(&body)
	return body, err
}

// Negative: the check guards an external call, not a local write (intentfirst's concern).
func checkThenHTTP(ctx context.Context, key string) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n); err != nil || n > 0 {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://psp.example/charges", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Negative: an intent row before an external call, completed after it: both are key statements.
func intentAroundCall(ctx context.Context, key string) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key, status) VALUES ($1, 'pending')", key); err != nil {
		return err
	}
	resp, err := http.Post("https://psp.example/charges", "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = db.ExecContext(ctx, "UPDATE idempotency_keys SET status = 'done' WHERE key = $1", key)
	return err
}

// Negative: purging expired keys on the pool is housekeeping, not the guarded effect.
func purgeThenRecord(ctx context.Context, key string) error {
	if _, err := db.ExecContext(ctx, "DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'"); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: a natural key column in an UPDATE's WHERE does not make the effect a key statement.
func updateByRequestKey(ctx context.Context, key string) error {
	_, err := db.ExecContext(ctx, "UPDATE orders SET status = 'paid' WHERE request_key = $1", key)
	return err
}

// ClaimKey claims the request's key, and reports whether this call did.
func (q *Queries) ClaimKey(ctx context.Context, key string) (bool, error) {
	res, err := q.db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// KeyResource reads what a claimed key holds.
func (q *Queries) KeyResource(ctx context.Context, key string) (string, error) {
	var id string
	err := q.db.QueryRowContext(ctx, "SELECT resource_id FROM idempotency_keys WHERE key = $1", key).Scan(&id)
	return id, err
}

// SetKeyResource completes a claimed key with what it made.
func (q *Queries) SetKeyResource(ctx context.Context, key, id string) error {
	_, err := q.db.ExecContext(ctx, "UPDATE idempotency_keys SET resource_id = $2 WHERE key = $1", key, id)
	return err
}

// ConfirmOrder marks an order confirmed.
func (q *Queries) ConfirmOrder(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, "UPDATE orders SET confirmed = true WHERE id = $1", id)
	return err
}

// Negative: the key is claimed, read back on a conflict and completed in
// the transaction that inserts the order, which is the effect it
// guards; another transaction confirms the order after.
func claimInsertThenConfirm(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := NewQueries(tx)
	claimed, err := q.ClaimKey(ctx, key)
	if err != nil {
		return err
	}
	if !claimed {
		_, err := q.KeyResource(ctx, key)
		return err
	}
	if err := q.InsertOrder(ctx, 1); err != nil {
		return err
	}
	if err := q.SetKeyResource(ctx, key, "o1"); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	tx2, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx2.Rollback()
	if err := NewQueries(tx2).ConfirmOrder(ctx, "o1"); err != nil {
		return err
	}
	return tx2.Commit()
}
