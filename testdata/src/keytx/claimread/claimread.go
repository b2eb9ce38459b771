// Package claimread has claims that answer with the stored resource, and
// a cursor that moves: neither stops a retry.
package claimread

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
)

var db *sql.DB

// claimKey claims key for id, and returns the resource stored under it
// and whether this call stored it.
func claimKey(ctx context.Context, tx *sql.Tx, key, id string) (string, bool, error) {
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key, resource_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", key, id)
	if err != nil {
		return "", false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return "", false, err
	}
	var stored string
	if err := tx.QueryRowContext(ctx, "SELECT resource_id FROM idempotency_keys WHERE key = $1", key).Scan(&stored); err != nil {
		return "", false, err
	}
	return stored, n == 1, nil
}

func withTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: the claim answers with the session it stored; the
// authorisation after the transaction runs on every attempt, and its
// WHERE makes a second one harmless.
func start(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get("Idempotency-Key")
	var id string
	err := withTx(ctx, db, func(tx *sql.Tx) error {
		stored, fresh, err := claimKey(ctx, tx, key, r.FormValue("id"))
		if err != nil {
			return err
		}
		id = stored
		if !fresh {
			return nil
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO sessions (id, status) VALUES ($1, 'pending')", id)
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := db.ExecContext(ctx, "UPDATE sessions SET status = 'authorized' WHERE id = $1 AND status = 'pending'", id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// The claim stops the retry here, and the effect commits apart from it.
func pay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	res, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", r.Header.Get("Idempotency-Key")) // want `the key commits apart from the effect it guards`
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	if _, err := db.ExecContext(ctx, "UPDATE wallets SET balance = balance - 10 WHERE id = 1"); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Negative: the cursor an upsert moves marks no work done.
func sync(ctx context.Context, t *asynq.Task) error {
	var from time.Time
	if err := db.QueryRowContext(ctx, "SELECT synced_to FROM sync_cursors WHERE partner_id = $1", "p").Scan(&from); err != nil && err != sql.ErrNoRows {
		return err
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO partner_cdrs (partner_id, cdr_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", "p", from.String()); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO sync_cursors (partner_id, synced_to) VALUES ($1, $2) ON CONFLICT (partner_id) DO UPDATE SET synced_to = GREATEST(sync_cursors.synced_to, EXCLUDED.synced_to)", "p", time.Now())
	return err
}
