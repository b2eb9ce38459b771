// Package schema inserts into tables whose keys its migrations declare.
package schema

import (
	"context"
	"database/sql"

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
