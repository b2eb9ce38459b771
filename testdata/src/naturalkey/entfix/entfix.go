// Package entfix inserts rows through the API ent generates, keyed by
// the task's own identity.
package entfix

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/entstore/ent"
	"example.com/entstore/ent/transfer"
)

var client *ent.Client

// The retry inserts the row for the same task again.
func record(ctx context.Context, t *asynq.Task) error {
	return client.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).Exec(ctx) // want `a retry inserts the row for the same id again, .* no conflict handling for task ID`
}

// A create that Save runs: no upsert returns the entity, so the
// message says what to do.
func recordSaved(ctx context.Context, t *asynq.Task) error {
	_, err := client.Transfer.Create().SetID(t.ResultWriter().TaskID()).Save(ctx) // want `no conflict handling for task ID .*; add OnConflictColumns\(\.\.\.\)\.Ignore\(\)`
	return err
}

// Negative: the conflict absorbs the retry.
func recordOnce(ctx context.Context, t *asynq.Task) error {
	return client.Transfer.Create().
		SetID(t.ResultWriter().TaskID()).
		SetAmountCents(100).
		OnConflictColumns(transfer.FieldID).
		DoNothing().
		Exec(ctx)
}
