// Package entfix has writes through the API ent generates that the fix
// runs in one transaction the Client begins.
package entfix

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/entstore/ent"
)

type Worker struct{ client *ent.Client }

// The debit and the transfer's row commit together after the fix; the
// transfer's error, returned as the task's, is checked before the
// Commit, whose error is returned instead.
func (w *Worker) transfer(ctx context.Context, t *asynq.Task) error {
	if err := w.client.Wallet.UpdateOneID(7).AddBalance(-100).Exec(ctx); err != nil { // want `2 writes commit separately and the UPDATE of wallets \(it computes from the current value\) is not idempotent`
		return err
	}
	return w.client.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).OnConflictColumns("id").Ignore().Exec(ctx)
}

// The same, with both errors checked.
func (w *Worker) credit(ctx context.Context, t *asynq.Task) error {
	if _, err := w.client.Wallet.UpdateOneID(8).AddBalance(100).Save(ctx); err != nil { // want `2 writes commit separately and the UPDATE of wallets \(it computes from the current value\) is not idempotent`
		return err
	}
	if err := w.client.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).OnConflictColumns("id").Ignore().Exec(ctx); err != nil {
		return err
	}
	return nil
}

func (w *Worker) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("transfer", w.transfer)
	mux.HandleFunc("credit", w.credit)
}
