// Package ledger owns driver earnings bookkeeping: every movement of a
// driver's money is an append-only ledger entry, and driver_balances is the
// running total maintained alongside it.
package ledger

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
)

// Kind classifies a ledger entry.
type Kind string

const (
	KindTripEarning  Kind = "trip_earning"
	KindTip          Kind = "tip"
	KindToll         Kind = "toll"
	KindIncentive    Kind = "incentive"
	KindAdjustment   Kind = "adjustment"
	KindFareAdjust   Kind = "fare_adjustment"
	KindChargeback   Kind = "chargeback"
	KindDisputeWon   Kind = "dispute_reversal"
	KindPayout       Kind = "payout"
	KindPayoutReturn Kind = "payout_return"
	KindCashout      Kind = "cashout"
	KindCancelFee    Kind = "cancellation_fee"
)

// Entry is one ledger movement. Amount is signed: credits to the driver are
// positive.
type Entry struct {
	ID         string
	DriverID   uuid.UUID
	Kind       Kind
	Amount     int64
	Currency   string
	SourceType string
	SourceRef  string
	Memo       string
}

// ErrIncomplete is returned by the builder when required fields are missing.
var ErrIncomplete = errors.New("ledger: incomplete entry")

// Validate checks that e can be posted.
func (e Entry) Validate() error {
	switch {
	case e.ID == "":
		return fmt.Errorf("%w: missing id", ErrIncomplete)
	case e.DriverID == uuid.Nil:
		return fmt.Errorf("%w: missing driver", ErrIncomplete)
	case e.Currency == "":
		return fmt.Errorf("%w: missing currency", ErrIncomplete)
	case e.Amount == 0:
		return fmt.Errorf("%w: zero amount", ErrIncomplete)
	}
	return nil
}

// Post writes e through q and moves the driver's available balance by the
// entry amount. Posting an entry whose ID already exists is a no-op and
// returns false. q should be bound to the caller's transaction so the entry
// and the balance move together.
func Post(ctx context.Context, q *db.Queries, e Entry) (bool, error) {
	if err := e.Validate(); err != nil {
		return false, err
	}
	n, err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          e.ID,
		DriverID:    e.DriverID,
		Kind:        string(e.Kind),
		AmountCents: e.Amount,
		Currency:    e.Currency,
		SourceType:  e.SourceType,
		SourceRef:   e.SourceRef,
		Memo:        e.Memo,
	})
	if err != nil {
		return false, fmt.Errorf("insert ledger entry %s: %w", e.ID, err)
	}
	if n == 0 {
		return false, nil
	}
	if err := q.CreditBalance(ctx, db.CreditBalanceParams{
		DriverID:       e.DriverID,
		Currency:       e.Currency,
		AvailableCents: e.Amount,
	}); err != nil {
		return false, fmt.Errorf("move balance for %s: %w", e.DriverID, err)
	}
	return true, nil
}

// Builder assembles an Entry fluently.
type Builder struct {
	e Entry
}

// NewEntry starts an entry for driverID.
func NewEntry(driverID uuid.UUID, kind Kind) *Builder {
	return &Builder{e: Entry{DriverID: driverID, Kind: kind}}
}

// ID sets the entry's primary key.
func (b *Builder) ID(id string) *Builder { b.e.ID = id; return b }

// Amount sets the signed amount and currency.
func (b *Builder) Amount(cents int64, currency string) *Builder {
	b.e.Amount, b.e.Currency = cents, currency
	return b
}

// Source records what caused the entry.
func (b *Builder) Source(typ, ref string) *Builder {
	b.e.SourceType, b.e.SourceRef = typ, ref
	return b
}

// Memo sets a human-readable note shown on the driver's statement.
func (b *Builder) Memo(m string) *Builder { b.e.Memo = m; return b }

// Build returns the entry or an error when it is incomplete.
func (b *Builder) Build() (Entry, error) {
	if err := b.e.Validate(); err != nil {
		return Entry{}, err
	}
	return b.e, nil
}

// Journal writes e through q without touching driver_balances. It is used
// where the balance has already been moved by the caller. Writing an entry
// whose ID already exists is a no-op and returns false.
func Journal(ctx context.Context, q *db.Queries, e Entry) (bool, error) {
	if err := e.Validate(); err != nil {
		return false, err
	}
	n, err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          e.ID,
		DriverID:    e.DriverID,
		Kind:        string(e.Kind),
		AmountCents: e.Amount,
		Currency:    e.Currency,
		SourceType:  e.SourceType,
		SourceRef:   e.SourceRef,
		Memo:        e.Memo,
	})
	if err != nil {
		return false, fmt.Errorf("journal ledger entry %s: %w", e.ID, err)
	}
	return n == 1, nil
}
