package store

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Ledger appends double-entry rows and tracks settlement records.
type Ledger struct{}

// NewLedger returns a Ledger repository.
func NewLedger() *Ledger { return &Ledger{} }

// Append writes ledger entries in order.
func (r *Ledger) Append(ctx context.Context, q pgdb.Querier, entries ...domain.LedgerEntry) error {
	for _, e := range entries {
		_, err := q.Exec(ctx, `
			INSERT INTO ledger_entries (order_id, account, direction, amount_cents, memo)
			VALUES ($1, $2, $3, $4, $5)`,
			nullable(e.OrderID), e.Account, e.Direction, e.AmountCents, e.Memo)
		if err != nil {
			return fmt.Errorf("ledger: append %s/%s: %w", e.Account, e.Direction, err)
		}
	}
	return nil
}

// Move is a convenience for a balanced debit/credit pair.
func Move(orderID, from, to string, amount int64, memo string) []domain.LedgerEntry {
	return []domain.LedgerEntry{
		{OrderID: orderID, Account: from, Direction: "debit", AmountCents: amount, Memo: memo},
		{OrderID: orderID, Account: to, Direction: "credit", AmountCents: amount, Memo: memo},
	}
}

// Settlement tracks the post-sale process for an order.
type Settlement struct {
	ID      string
	OrderID string
	Ref     string
	Status  string
}

// InsertSettlement opens the settlement record for an order.
func (r *Ledger) InsertSettlement(ctx context.Context, q pgdb.Querier, s Settlement) error {
	_, err := q.Exec(ctx, `
		INSERT INTO settlements (id, order_id, ref, status) VALUES ($1, $2, $3, $4)`,
		s.ID, s.OrderID, s.Ref, s.Status)
	if err != nil {
		return fmt.Errorf("ledger: insert settlement: %w", err)
	}
	return nil
}

// SetSettlementStatus updates a settlement's status.
func (r *Ledger) SetSettlementStatus(ctx context.Context, q pgdb.Querier, orderID, status string) error {
	_, err := q.Exec(ctx, `
		UPDATE settlements SET status = $2, updated_at = now() WHERE order_id = $1`, orderID, status)
	if err != nil {
		return fmt.Errorf("ledger: settlement status: %w", err)
	}
	return nil
}
