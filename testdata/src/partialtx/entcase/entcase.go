// Package entcase has writes through the API ent generates: each
// statement on the Client commits by itself; on a Tx the Client
// begins, or on the Client a Tx gives back, they commit together.
package entcase

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/entstore/ent"
)

var client *ent.Client

// The debit and the transfer's row commit one by one.
func transfer(ctx context.Context, t *asynq.Task) error {
	if err := client.Wallet.UpdateOneID(7).AddBalance(-100).Exec(ctx); err != nil { // want `2 writes commit separately and the UPDATE of wallets \(it computes from the current value\) is not idempotent`
		return err
	}
	return client.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).Exec(ctx)
}

// Negative: one transaction the client begins, committed by hand.
func transferInTx(ctx context.Context, t *asynq.Task) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.Wallet.UpdateOneID(7).AddBalance(-100).Exec(ctx); err != nil {
		return err
	}
	if err := tx.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).Exec(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// WithTx runs fn in a transaction, as ent's documentation writes it.
func WithTx(ctx context.Context, client *ent.Client, fn func(tx *ent.Tx) error) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Negative: the helper's transaction, reached through the client a Tx
// gives back.
func transferWithTx(ctx context.Context, t *asynq.Task) error {
	return WithTx(ctx, client, func(tx *ent.Tx) error {
		c := tx.Client()
		if _, err := c.Wallet.UpdateOneID(7).AddBalance(-100).Save(ctx); err != nil {
			return err
		}
		return c.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).Exec(ctx)
	})
}

// Negative: both writes set what they set; a retry writes the same.
func rename(ctx context.Context, t *asynq.Task) error {
	if err := client.Wallet.UpdateOneID(7).SetOwner("ana").Exec(ctx); err != nil {
		return err
	}
	return client.Transfer.UpdateOneID("t-1").SetAmountCents(100).Exec(ctx)
}

// walletRepo writes on the Client it is made with.
type walletRepo struct{ c *ent.Client }

func (r *walletRepo) debit(ctx context.Context, id int, n int64) error {
	return r.c.Wallet.UpdateOneID(id).AddBalance(-n).Exec(ctx)
}

// Negative: the repository is made with the Client the Tx gives back,
// so its write commits with the transfer's row.
func transferThroughRepo(ctx context.Context, t *asynq.Task) error {
	return WithTx(ctx, client, func(tx *ent.Tx) error {
		if err := (&walletRepo{c: tx.Client()}).debit(ctx, 7, 100); err != nil {
			return err
		}
		return tx.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).Exec(ctx)
	})
}

// The repository made with the database's Client commits on its own.
func transferPastRepo(ctx context.Context, t *asynq.Task) error {
	if err := (&walletRepo{c: client}).debit(ctx, 7, 100); err != nil { // want `2 writes commit separately and the UPDATE of wallets`
		return err
	}
	return client.Transfer.Create().SetID(t.ResultWriter().TaskID()).SetAmountCents(100).Exec(ctx)
}
