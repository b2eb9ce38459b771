package a

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

const addCredit = `INSERT INTO credits (customer, balance) VALUES ($1, $2)
	ON CONFLICT (customer) DO UPDATE SET balance = credits.balance + EXCLUDED.balance`

// A credit that an upsert adds to the balance, then the order's status:
// on a retry after the second fails, the upsert adds again.
func creditRefund(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, addCredit, "c", 10); err != nil { // want `2 writes commit separately and the INSERT into credits \(on a conflict it adds to the current value\) is not idempotent \(asynq handler creditRefund\)`
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE orders SET status = 'refunded' WHERE id = $1", "o")
	return err
}

// MySQL's form of the same.
func creditRefundMySQL(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO credits (customer, balance) VALUES (?, ?) ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)", "c", 10); err != nil { // want `the INSERT into credits \(on a conflict it adds to the current value\) is not idempotent`
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE orders SET status = 'refunded' WHERE id = ?", "o")
	return err
}

// An upsert that takes the proposed values repeats harmlessly, as the
// status update does: nothing to report.
func saveProfile(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO profiles (id, name) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`, "p", "n"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE accounts SET status = 'active' WHERE id = $1", "p")
	return err
}

// An upsert's RETURNING answers on a retry too: it is no dedup guard,
// so the ledger INSERT after it is not covered.
func upsertNoGuard(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id string
	err = tx.QueryRowContext(ctx, `INSERT INTO processed (id) VALUES ($1)
		ON CONFLICT (id) DO UPDATE SET seen_at = now() RETURNING id`, "m").Scan(&id)
	if err == sql.ErrNoRows {
		return nil
	}
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO ledger (amount) VALUES ($1)", 5) // want `2 writes commit separately and the INSERT into ledger is not idempotent \(asynq handler upsertNoGuard\)`
	return err
}

// A payment's attempt is logged, then its state set: the log grows by
// one row per attempt by design, and the state is set to a value.
func logAttempt(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO payment_attempts (id, outcome) VALUES ($1, $2)", "a", "ok"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE payments SET status = 'paid' WHERE id = $1", "p")
	return err
}

// A delivery's attempts are counted, then the delivery is marked done:
// the count grows by one per attempt by design.
func countAttempt(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1", "d"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE deliveries SET status = 'delivered' WHERE id = $1", "d")
	return err
}

// A delivery's attempts are counted with the fee each one costs: the
// fee is a balance, which the retry charges again.
func countAttemptFee(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "UPDATE deliveries SET attempts = attempts + 1, fees = fees + $2 WHERE id = $1", "d", 5); err != nil { // want `2 writes commit separately and the UPDATE of deliveries \(it computes from the current value\) is not idempotent \(asynq handler countAttemptFee\)`
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE deliveries SET status = 'delivered' WHERE id = $1", "d")
	return err
}

// A delivery's row is upserted with one more attempt counted, then the
// transcript is marked delivered: the count grows by one per attempt by
// design.
func recordDelivery(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO deliveries (id, attempts) VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET attempts = deliveries.attempts + 1", "d"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE transcripts SET status = 'delivered' WHERE id = $1", "t")
	return err
}

// The same upsert adds the delivery's fee too, which the retry charges
// again.
func recordDeliveryFee(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO deliveries (id, attempts, fees) VALUES ($1, 1, $2) ON CONFLICT (id) DO UPDATE SET attempts = deliveries.attempts + 1, fees = deliveries.fees + EXCLUDED.fees", "d", 5); err != nil { // want `2 writes commit separately and the INSERT into deliveries \(on a conflict it adds to the current value\) is not idempotent \(asynq handler recordDeliveryFee\)`
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE transcripts SET status = 'delivered' WHERE id = $1", "t")
	return err
}
