package a

import "net/http"

// On a retried path, the finding names the root.
func payHandler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil {
		return
	}
	if err := tx.Commit(); err != nil {
		return
	}
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", r.Header.Get("Idempotency-Key")) // want `the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler payHandler\)`
}
