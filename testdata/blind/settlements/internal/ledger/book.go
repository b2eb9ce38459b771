package ledger

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/money"
)

// Store persists journals. Implemented by the repository package.
type Store interface {
	// InsertJournal writes the header and lines. It reports false when a
	// journal for the same (source_type, source_id) already exists, in which
	// case nothing is written.
	InsertJournal(ctx context.Context, tx *sqlx.Tx, j *Journal) (bool, error)
	AccountBalance(ctx context.Context, q sqlx.QueryerContext, account string) (money.Cents, error)
	EnsureAccount(ctx context.Context, tx *sqlx.Tx, code, name, normalSide string, settlementID *string) error
}

// Book validates and posts journals.
type Book struct {
	store Store
}

// NewBook returns a Book over store.
func NewBook(store Store) *Book { return &Book{store: store} }

// Post validates j and writes it in tx. It returns false if the journal's
// source had already been posted.
func (b *Book) Post(ctx context.Context, tx *sqlx.Tx, j *Journal) (bool, error) {
	if err := j.Validate(); err != nil {
		return false, err
	}
	posted, err := b.store.InsertJournal(ctx, tx, j)
	if err != nil {
		return false, fmt.Errorf("ledger: post %s: %w", j.SourceType, err)
	}
	return posted, nil
}

// Available returns the credit balance of a settlement funds account, i.e.
// how much client money the trust account still holds for it.
func (b *Book) Available(ctx context.Context, q sqlx.QueryerContext, account string) (money.Cents, error) {
	return b.store.AccountBalance(ctx, q, account)
}

// OpenSettlementAccounts creates the per-settlement funds account.
func (b *Book) OpenSettlementAccounts(ctx context.Context, tx *sqlx.Tx, settlementID, caption string) error {
	return b.store.EnsureAccount(ctx, tx, "settlement:"+settlementID+":funds", "Client funds — "+caption, "C", &settlementID)
}
