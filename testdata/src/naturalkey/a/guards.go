package a

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"

	"example.com/ordersdb"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// ---- guards and key rows that idemlint must leave alone ----

// claim is an inbox guard of this package: whether the key is new
// decides what its caller does.
func claim(ctx context.Context, tx pgx.Tx, key string) (bool, error) {
	tag, err := tx.Exec(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING", key)
	return tag.RowsAffected() == 1, err
}

type ClaimWorker struct{ river.WorkerDefaults[ShipArgs] }

// The guard in a helper: the shipment is inserted on its first-time
// branch, in its transaction.
func (w *ClaimWorker) Work(ctx context.Context, job *river.Job[ShipArgs]) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		first, err := claim(ctx, tx, job.Args.OrderID)
		if err != nil || !first {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO shipments (id) VALUES ($1)", job.Args.OrderID)
		return err
	})
}

// The guard is a generated query of another package (ClaimKey: ON
// CONFLICT DO NOTHING, rows affected).
func claimGenerated(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	n, err := ordersdb.New(tx).ClaimKey(ctx, key)
	if err != nil || n == 0 {
		return
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2)", key, 100); err != nil {
		return
	}
	tx.Commit()
}

// The key row commits with the debit it guards: on a retry its unique
// violation fails the transaction and rolls the debit back. A conflict
// clause would remove that guard, so naturalkey says nothing; keytx
// judges whether the two commit together.
func payWithKeyRow(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, r.FormValue("account")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	tx.Commit()
}

// ---- a key row alone is any row ----

// Nothing else is written: the duplicate delivery fails on the key row.
func recordDelivery(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	db.ExecContext(r.Context(), "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `INSERT into idempotency_keys has no conflict handling for request's idempotency key \(HTTP handler recordDelivery\)`
}

// ---- a key row guards only when it guards ----

// The key row is written after the debit's commit, its error logged and
// dropped: a retry debits again, then fails on the key row. It guards
// nothing, so it is any row that carries the operation key.
func keyRowAfterLogged(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, r.FormValue("account")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil { // want `a retry repeats the effect, then fails on the row for the same key: the INSERT into idempotency_keys runs after the writes it should guard and its error decides nothing; write it first, in their transaction, and stop when it exists \(HTTP handler keyRowAfterLogged\)`
		log.Printf("recording key %s: %v", key, err)
	}
	w.WriteHeader(http.StatusOK)
}

// The same with the error ignored.
func keyRowAfterIgnored(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, r.FormValue("account"))
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `a retry repeats the effect, then fails on the row for the same key: .* \(HTTP handler keyRowAfterIgnored\)`
}

// Written before the debit, the key row's unique violation stops the
// retry before it debits.
func keyRowFirst(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, r.FormValue("account"))
}

// After the debit in one transaction, the key row's error is returned
// from the transaction's callback, which rolls the debit back.
func keyRowAfterReturned(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	err := inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, r.FormValue("account")); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

func inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return fmt.Errorf("in transaction: %w", err)
	}
	return tx.Commit()
}

// ---- a guard covers only what commits after it ----

// The claim is in a transaction that is still open when the shipment
// row commits on the pool: a failure before the commit rolls the claim
// back, and the retry inserts the shipment again.
func claimOpenThenInsert(ctx context.Context, t *river.Job[ShipArgs]) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO processed_jobs (job_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ID)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if _, err := pool.Exec(ctx, "INSERT INTO shipments (shipment_id) VALUES ($1)", t.ID); err != nil { // want `INSERT into shipments has no conflict handling for delivery ID ID \(river worker claimOpenThenInsert\)`
		return err
	}
	return tx.Commit(ctx)
}

// Negative: the claim commits before the shipment row is written.
func claimCommittedThenInsert(ctx context.Context, t *river.Job[ShipArgs]) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO processed_jobs (job_id) VALUES ($1) ON CONFLICT DO NOTHING", t.ID)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO shipments (shipment_id) VALUES ($1)", t.ID)
	return err
}
