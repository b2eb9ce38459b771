package fixes

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

func keyOnPool(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `the key commits apart`
	return tx.Commit()
}

func pgxKey(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	pool.Exec(ctx, "INSERT INTO inbox (message_id) VALUES ($1)", key) // want `the key commits apart`
	tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key)
	return tx.Commit(ctx)
}

// The inbox guard claims the key on the pool, then the effect begins its
// own transaction: the Begin moves up, and the claim runs on it.
func claimBeforeBegin(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	res, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `the key commits apart`
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	// The debit and the ledger row commit together.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// The same with pgx.
func pgxClaimBeforeBegin(ctx context.Context, key string) error {
	tag, err := pool.Exec(ctx, "INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `the key commits apart`
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// No deferred Rollback: the returns between would leave the transaction
// open once it began first. No fix.
func claimBeforeBeginNoRollback(ctx context.Context, key string) error {
	tag, err := pool.Exec(ctx, "INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `the key commits apart`
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key); err != nil {
		tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}

// The key statement declares only err: after the move it would declare
// nothing new. No fix.
func claimDeclaresErr(ctx context.Context, key string) error {
	_, err := pool.Exec(ctx, "INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `the key commits apart`
	if err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The key is recorded after the effect commits: it moves before the
// Commit, onto the transaction.
func markAfterCommit(ctx context.Context, msgID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE stock SET reserved = reserved + 1 WHERE sku = $1", "a"); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	// Remember the message, so that its redelivery is skipped.
	if _, err := db.ExecContext(ctx, "INSERT INTO processed_messages (id) VALUES ($1)", msgID); err != nil { // want `the key commits apart`
		return err
	}
	return nil
}

// The same with pgx.
func pgxMarkAfterCommit(ctx context.Context, msgID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", msgID)
	err = tx.Commit(ctx)
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING", msgID); err != nil { // want `the key commits apart`
		return err
	}
	return nil
}

// The key's error is only logged: before the Commit, its failure would
// abort the transaction that commits now. No fix.
func markLogged(ctx context.Context, msgID string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", msgID)
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING", msgID); err != nil { // want `the key commits apart`
		println(err.Error())
	}
	return nil
}

// The context the transaction begins with is replaced between the claim
// and the Begin: moved up, the Begin would lose its deadline. No fix.
func claimThenTimeout(ctx context.Context, key string) error {
	tag, err := pool.Exec(ctx, "INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `the key commits apart`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// No deferred Rollback: a failed key statement would return with the
// transaction open once it ran before the Commit. No fix.
func markAfterCommitNoRollback(ctx context.Context, msgID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "UPDATE stock SET reserved = reserved + 1 WHERE sku = $1", "a")
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO processed_messages (id) VALUES ($1)", msgID) // want `the key commits apart`
	if err != nil {
		return err
	}
	return nil
}
