package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/ids"
)

// Ledger entry kinds.
const (
	LedgerTopup      = "topup"
	LedgerSale       = "sale"
	LedgerVoid       = "void"
	LedgerGiftOut    = "gift_out"
	LedgerGiftIn     = "gift_in"
	LedgerRefundHold = "refund_hold"
)

// Post appends a ledger line for a wallet movement. It must run on the same
// Queries (transaction) as the balance update it documents.
func Post(ctx context.Context, q *db.Queries, walletID uuid.UUID, kind string, amount int64, reference string) error {
	err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          ids.NewULID(),
		WalletID:    walletID,
		Kind:        kind,
		AmountCents: amount,
		Reference:   reference,
	})
	if err != nil {
		return fmt.Errorf("ledger: post %s for %s: %w", kind, walletID, err)
	}
	return nil
}
