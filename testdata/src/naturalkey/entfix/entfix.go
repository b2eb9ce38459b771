// Package entfix inserts rows through the API ent generates, keyed by
// the task's own identity.
package entfix

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/entstore/ent"
	"example.com/entstore/ent/processedmessage"
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

// Negative: the key is looked up, the effect written and the key
// stored in one transaction; a retry after its commit finds the key.
func consumeInTx(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	seen, err := tx.ProcessedMessage.Query().Where(processedmessage.MessageID(id)).Exist(ctx)
	if err != nil || seen {
		return err
	}
	if err := tx.Wallet.UpdateOneID(7).AddBalance(100).Exec(ctx); err != nil {
		return err
	}
	if err := tx.ProcessedMessage.Create().SetMessageID(id).Exec(ctx); err != nil {
		return err
	}
	return tx.Commit()
}
