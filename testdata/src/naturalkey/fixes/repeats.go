package fixes

import (
	"context"
	"database/sql"
	"net/http"
)

// A top-up recorded under the request's key, then added to the balance:
// the INSERT's failure is what stops a retry from adding it twice, so
// a conflict clause alone would not do.
func topUp(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get("Idempotency-Key")
	if _, err := db.ExecContext(ctx, "INSERT INTO topups (topup_id, amount) VALUES ($1, $2)", key, 100); err != nil { // want `same topup_id again, .* and handle the existing row, stopping before the writes after it when it exists`
		return
	}
	db.ExecContext(ctx, "UPDATE wallets SET balance = balance + $1 WHERE id = $2", 100, r.FormValue("wallet"))
}

// The same INSERT with nothing after it: absorbing the duplicate is
// the whole fix.
func recordTopUp(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO topups (topup_id, amount) VALUES ($1, $2)", r.Header.Get("Idempotency-Key"), 100) // want `same topup_id again`
}

// A chargeback recorded under the provider's ID in a transaction that
// then hands the transaction to a helper: what the helper writes there
// (a debit) runs again once the INSERT absorbed the duplicate.
func chargeback(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO topups (topup_id, amount) VALUES ($1, $2)", r.Header.Get("Idempotency-Key"), -100); err != nil { // want `same topup_id again, .* and handle the existing row, stopping before the writes after it when it exists`
		return
	}
	if err := debit(ctx, tx, r.FormValue("wallet")); err != nil {
		return
	}
	tx.Commit()
}

// A refund recorded under the request's key, with a log line after it
// that is given no handle: the conflict clause is the whole fix.
func refund(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO topups (topup_id, amount) VALUES ($1, $2)", r.Header.Get("Idempotency-Key"), -50); err != nil { // want `same topup_id again, which fails or duplicates it: the INSERT into topups has no conflict handling for request's idempotency key \(HTTP handler refund\) \[IDEM005\]$`
		return
	}
	note(ctx, r.FormValue("wallet"))
	tx.Commit()
}

// debit takes from a wallet with a statement it chooses at run time.
func debit(ctx context.Context, tx *sql.Tx, wallet string) error {
	q := "UPDATE wallets SET balance = balance - 100 WHERE id = $1"
	if wallet == "" {
		q = "UPDATE wallets SET balance = 0 WHERE id = $1"
	}
	_, err := tx.ExecContext(ctx, q, wallet)
	return err
}

// note logs nothing durable.
func note(ctx context.Context, wallet string) { _ = ctx; _ = wallet }
