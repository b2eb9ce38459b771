// Package worker moves money between wallets on asynq tasks, through the
// API ent generates.
package worker

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/wallets/ent"
	"example.com/wallets/ent/transfer"
)

// A Worker holds the ent client.
type Worker struct{ Client *ent.Client }

type transferArgs struct {
	Key    string `json:"key"`
	From   int    `json:"from"`
	Amount int64  `json:"amount"`
}

// Register registers the handlers.
func (w *Worker) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("transfer:split", w.Split)
	mux.HandleFunc("transfer:tx", w.InTx)
	mux.HandleFunc("transfer:fresh", w.Fresh)
	mux.HandleFunc("transfer:keyed", w.Keyed)
}

// Split debits the wallet and records the transfer in two commits, and
// the transfer's insert has no conflict handling for its key.
func (w *Worker) Split(ctx context.Context, t *asynq.Task) error {
	var a transferArgs
	if err := json.Unmarshal(t.Payload(), &a); err != nil {
		return err
	}
	if err := w.Client.Wallet.UpdateOneID(a.From).AddBalanceCents(-a.Amount).Exec(ctx); err != nil { // finding: IDEM006
		return err
	}
	return w.Client.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetIdempotencyKey(a.Key).SetAmountCents(a.Amount).Exec(ctx) // finding: IDEM005
}

// InTx does both in one transaction, and the insert absorbs a retry.
func (w *Worker) InTx(ctx context.Context, t *asynq.Task) error {
	var a transferArgs
	if err := json.Unmarshal(t.Payload(), &a); err != nil {
		return err
	}
	tx, err := w.Client.Tx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	create := tx.Transfer.Create().SetID(uuid.NewString()).SetIdempotencyKey(a.Key).SetAmountCents(a.Amount)
	err = create.OnConflictColumns(transfer.FieldIdempotencyKey).DoNothing().Exec(ctx) // safe: a retry conflicts on the unique idempotency key
	if errors.Is(err, sql.ErrNoRows) {
		return nil // an earlier delivery did the transfer
	}
	if err != nil {
		return err
	}
	if err := tx.Wallet.UpdateOneID(a.From).AddBalanceCents(-a.Amount).Exec(ctx); err != nil { // safe: in the transfer's transaction
		return err
	}
	return tx.Commit()
}

// Fresh records a transfer under a fresh ID and a fresh key.
func (w *Worker) Fresh(ctx context.Context, t *asynq.Task) error {
	key := uuid.NewString() // finding: IDEM001
	return w.Client.Transfer.Create().SetID(uuid.NewString()).SetIdempotencyKey(key).SetAmountCents(1).Exec(ctx) // finding: IDEM001
}

// Keyed records the transfer once, by the task's key.
func (w *Worker) Keyed(ctx context.Context, t *asynq.Task) error {
	var a transferArgs
	if err := json.Unmarshal(t.Payload(), &a); err != nil {
		return err
	}
	create := w.Client.Transfer.Create().SetID(uuid.NewString()).SetIdempotencyKey(a.Key).SetAmountCents(a.Amount)
	return create.OnConflictColumns(transfer.FieldIdempotencyKey).Ignore().Exec(ctx) // safe: the unique key absorbs the retry
}
