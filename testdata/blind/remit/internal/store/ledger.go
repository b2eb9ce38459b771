package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/ledgerentry"
)

// Entry is one ledger posting line.
type Entry struct {
	ID         uuid.UUID // zero means "assign a new one"
	TransferID uuid.UUID
	Account    string
	Direction  ledgerentry.Direction
	Amount     int64
	Currency   string
	Kind       string
	Memo       string
}

// Pair builds a balanced debit/credit pair.
func Pair(transferID uuid.UUID, debit, credit string, amount int64, currency, kind string) []Entry {
	return []Entry{
		{TransferID: transferID, Account: debit, Direction: ledgerentry.DirectionDebit, Amount: amount, Currency: currency, Kind: kind},
		{TransferID: transferID, Account: credit, Direction: ledgerentry.DirectionCredit, Amount: amount, Currency: currency, Kind: kind},
	}
}

type LedgerRepo interface {
	// Post writes all entries in a single INSERT statement.
	Post(ctx context.Context, entries ...Entry) error
	// PostOnce writes entries whose IDs are already set, skipping any that exist.
	PostOnce(ctx context.Context, entries ...Entry) error
}

type ledgerRepo struct{ c *ent.Client }

func NewLedgerRepo(c *ent.Client) LedgerRepo { return &ledgerRepo{c: c} }

func (r *ledgerRepo) builders(entries []Entry) ([]*ent.LedgerEntryCreate, error) {
	var debit, credit int64
	out := make([]*ent.LedgerEntryCreate, 0, len(entries))
	for _, e := range entries {
		if e.Direction == ledgerentry.DirectionDebit {
			debit += e.Amount
		} else {
			credit += e.Amount
		}
		b := r.c.LedgerEntry.Create().
			SetTransferID(e.TransferID).
			SetAccount(e.Account).
			SetDirection(e.Direction).
			SetAmount(e.Amount).
			SetCurrency(e.Currency).
			SetKind(e.Kind).
			SetMemo(e.Memo)
		if e.ID != uuid.Nil {
			b.SetID(e.ID)
		}
		out = append(out, b)
	}
	if debit != credit {
		return nil, fmt.Errorf("ledger: unbalanced posting (debit %d, credit %d)", debit, credit)
	}
	return out, nil
}

func (r *ledgerRepo) Post(ctx context.Context, entries ...Entry) error {
	b, err := r.builders(entries)
	if err != nil {
		return err
	}
	return wrap(r.c.LedgerEntry.CreateBulk(b...).Exec(ctx), "post ledger entries")
}

func (r *ledgerRepo) PostOnce(ctx context.Context, entries ...Entry) error {
	for _, e := range entries {
		if e.ID == uuid.Nil {
			return fmt.Errorf("ledger: PostOnce requires stable entry IDs")
		}
	}
	b, err := r.builders(entries)
	if err != nil {
		return err
	}
	return wrap(r.c.LedgerEntry.CreateBulk(b...).
		OnConflictColumns(ledgerentry.FieldID).
		DoNothing().
		Exec(ctx), "post ledger entries once")
}
