package a

import (
	"context"
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
