// Package schema inserts into tables whose keys its migrations declare.
package schema

import (
	"context"
	"database/sql"
	"time"

	"github.com/hibiken/asynq"
)

var db *sql.DB

// order_id is the primary key of imports, which its name alone would not
// say (the table's singular is "import").
func importOrder(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO imports (order_id, source) VALUES ($1, $2)", string(t.Payload()), "queue") // want `same order_id again.*INSERT into imports has no conflict handling for the caller-known order_id`
	return err
}

// audit's key is seq; the id it records is no identity of the row, and
// every attempt adds an audit entry by design.
func auditOrder(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO audit (id, action) VALUES ($1, $2)", string(t.Payload()), "imported")
	return err
}

// Negative: members' identity is its primary key, which the database
// makes; the unique email beside it is a rule of the domain, and a
// repeated sign-up is answered by its violation.
func signUp(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO members (email, name) VALUES ($1, $2)", string(t.Payload()), "new")
	return err
}

// deliveries declares no primary key: its unique key is its identity.
func recordDelivery(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO deliveries (message_id, shard) VALUES ($1, $2)", string(t.Payload()), 1) // want `same message_id again.*INSERT into deliveries has no conflict handling for the caller-known message_id`
	return err
}

// The database makes customs_filings' primary key; shipment_id, unique,
// keys the one filing of a shipment.
func fileCustoms(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO customs_filings (shipment_id, broker) VALUES ($1, $2)", string(t.Payload()), "acme") // want `same shipment_id again.*INSERT into customs_filings has no conflict handling for the caller-known shipment_id`
	return err
}

// A table constraint, and a unique index, declare the key as well.
func schedulePickup(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO pickups (order_id) VALUES ($1)", string(t.Payload())) // want `same order_id again.*INSERT into pickups`
	return err
}

func printLabel(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO labels (shipment_id) VALUES ($1)", string(t.Payload())) // want `same shipment_id again.*INSERT into labels`
	return err
}

// A composite key of the caller's order and a constant purpose.
func depositIntent(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO payment_intents (order_id, purpose) VALUES ($1, 'deposit')", string(t.Payload())) // want `same \(order_id, purpose\) again.*INSERT into payment_intents`
	return err
}

// Negative: the key's other column is new on every attempt, so a retry's
// row is another.
func notify(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO notices (order_id, try_no) VALUES ($1, $2)", string(t.Payload()), time.Now().UnixNano())
	return err
}

// Negative: shipment_id is in no key of tracking.
func track(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO tracking (shipment_id) VALUES ($1)", string(t.Payload()))
	return err
}

// An audit trail the schema keys by the caller's event: one row per
// event, not per attempt, whatever its name says.
func auditDoor(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO door_audit (event_id, locker_id) VALUES ($1, $2)", string(t.Payload()), "l1") // want `same event_id again.*INSERT into door_audit has no conflict handling for the caller-known event_id`
	return err
}

// Negative: a log of attempts keyed by its own generated ID adds a row
// on every attempt, as it is meant to.
func logAttempt(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO delivery_attempts (order_id) VALUES ($1)", string(t.Payload()))
	return err
}
