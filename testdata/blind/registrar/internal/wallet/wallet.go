// Package wallet books prepaid account credit.
package wallet

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Balances interface {
	AdjustBalance(ctx context.Context, id uuid.UUID, delta int64) (int64, error)
	AppendLedger(ctx context.Context, e model.LedgerEntry) error
}

type Wallet struct {
	tx       db.Transactor
	balances Balances
}

func New(tx db.Transactor, balances Balances) *Wallet {
	return &Wallet{tx: tx, balances: balances}
}

// Credit adds amount to the balance and writes the ledger line.
func (w *Wallet) Credit(ctx context.Context, accountID uuid.UUID, amount int64, reason, reference string) (int64, error) {
	return w.post(ctx, accountID, amount, reason, reference)
}

// Debit takes amount off the balance and writes the ledger line.
func (w *Wallet) Debit(ctx context.Context, accountID uuid.UUID, amount int64, reason, reference string) (int64, error) {
	return w.post(ctx, accountID, -amount, reason, reference)
}

func (w *Wallet) post(ctx context.Context, accountID uuid.UUID, delta int64, reason, reference string) (int64, error) {
	var balance int64
	err := w.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		balance, err = w.balances.AdjustBalance(ctx, accountID, delta)
		if err != nil {
			return err
		}
		return w.balances.AppendLedger(ctx, model.LedgerEntry{
			ID:          uuid.New(),
			AccountID:   accountID,
			AmountCents: delta,
			Reason:      reason,
			Reference:   reference,
			CreatedAt:   time.Now().UTC(),
		})
	})
	return balance, err
}
