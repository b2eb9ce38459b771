// Package entcase checks and records a message's key through the API
// ent generates.
package entcase

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/entstore/ent"
	"example.com/entstore/ent/processedmessage"
)

var client *ent.Client

// The key is checked on the client and recorded after the effect's
// transaction commits.
func consume(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	seen, err := client.ProcessedMessage.Query().Where(processedmessage.MessageID(id)).Exist(ctx) // want `checked outside the transaction of the effect`
	if err != nil || seen {
		return err
	}
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.Wallet.UpdateOneID(7).AddBalance(100).Exec(ctx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return client.ProcessedMessage.Create().SetMessageID(id).Exec(ctx) // want `the key commits apart from the effect it guards`
}

// Negative: the check, the effect and the key in one transaction.
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
