package fixes

import "net/http"

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
