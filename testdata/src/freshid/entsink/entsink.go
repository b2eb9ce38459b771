// Package entsink stores rows through the API ent generates: the value
// SetID gives a created row is its identity.
package entsink

import (
	"context"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/entstore/ent"
	"example.com/entstore/ent/transfer"
)

var client *ent.Client

func record(ctx context.Context, t *asynq.Task) error {
	return client.Transfer.Create().
		SetID(uuid.NewString()). // want `a retry inserts a second money_transfers row with a new id`
		SetAmountCents(100).
		Exec(ctx)
}

// Negative: the row's identity is the task's.
func recordByTask(ctx context.Context, t *asynq.Task) error {
	return client.Transfer.Create().
		SetID(t.ResultWriter().TaskID()).
		SetAmountCents(100).
		Exec(ctx)
}

// Negative: the conflict on the idempotency key absorbs the retry,
// whose fresh ID is then never stored.
func recordOnce(ctx context.Context, t *asynq.Task) error {
	return client.Transfer.Create().
		SetID(uuid.NewString()).
		SetIdempotencyKey(string(t.Payload())).
		OnConflictColumns(transfer.FieldIdempotencyKey).
		DoNothing().
		Exec(ctx)
}

// Negative: the same, with the conflict's columns as an option.
func recordOnceOption(ctx context.Context, t *asynq.Task) error {
	_, err := client.Transfer.Create().
		SetID(uuid.NewString()).
		SetIdempotencyKey(string(t.Payload())).
		OnConflict(sql.ConflictColumns(transfer.FieldIdempotencyKey)).
		Ignore().
		ID(ctx)
	return err
}

// A conflict on the fresh column itself absorbs nothing.
func recordOnceByID(ctx context.Context, t *asynq.Task) error {
	return client.Transfer.Create().
		SetID(uuid.NewString()). // want `a retry inserts a second money_transfers row with a new id`
		SetIdempotencyKey(string(t.Payload())).
		OnConflictColumns(transfer.FieldID).
		DoNothing().
		Exec(ctx)
}

// Negative: a fresh value in a column that is no identity.
func note(ctx context.Context, t *asynq.Task) error {
	return client.Wallet.Create().SetOwner(uuid.NewString()).Exec(ctx)
}
