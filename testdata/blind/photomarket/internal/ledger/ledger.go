// Package ledger records money movements between the platform, clients
// and photographers as double-entry rows.
package ledger

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/ids"
)

// Accounts used in ledger entries.
const (
	AccountClientFunds      = "client_funds"
	AccountPlatformRevenue  = "platform_revenue"
	AccountPhotographerOwed = "photographer_owed"
	AccountPhotographerPaid = "photographer_paid"
	AccountPrintRevenue     = "print_revenue"
	AccountRefunds          = "refunds"
)

// Entry is one side of a posting.
type Entry struct {
	BookingID      string
	PhotographerID string
	Account        string
	AmountCents    int64
	Currency       string
	Memo           string
	SourceRef      string
}

func nullable(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// Poster writes postings.
type Poster struct {
	DB *sql.DB
}

// Post writes entries atomically in a transaction of its own.
func (p *Poster) Post(ctx context.Context, entries ...Entry) error {
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if err := PostWith(ctx, db.New(tx), entries...); err != nil {
		return err
	}
	return tx.Commit()
}

// PostWith writes entries using q, typically inside a caller's transaction.
func PostWith(ctx context.Context, q db.Querier, entries ...Entry) error {
	var sum int64
	for _, e := range entries {
		sum += e.AmountCents
	}
	if sum != 0 {
		return fmt.Errorf("ledger: unbalanced posting (%d)", sum)
	}
	for _, e := range entries {
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:             ids.New("le"),
			BookingID:      nullable(e.BookingID),
			PhotographerID: nullable(e.PhotographerID),
			Account:        e.Account,
			AmountCents:    e.AmountCents,
			Currency:       e.Currency,
			Memo:           e.Memo,
			SourceRef:      nullable(e.SourceRef),
		}); err != nil {
			return fmt.Errorf("ledger: insert %s: %w", e.Account, err)
		}
	}
	return nil
}

// Earnings splits a gross amount into the photographer's share and the
// platform commission.
func Earnings(grossCents int64, commissionBps int32) (photographer, platform int64) {
	platform = grossCents * int64(commissionBps) / 10000
	return grossCents - platform, platform
}
