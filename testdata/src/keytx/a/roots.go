package a

import (
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

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

// The claim is the charge's intent record, committed before the charge:
// intentfirst's to judge, not a key apart from a local effect.
func claimThenCharge(w http.ResponseWriter, r *http.Request) {
	ctx, key := r.Context(), r.Header.Get("Idempotency-Key")
	res, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	params.SetIdempotencyKey(key)
	if _, err := paymentintent.New(params); err != nil {
		return
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "UPDATE stock SET reserved = reserved + 1 WHERE sku = $1", "a")
	tx.Commit()
}
