package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/halyard/funding/internal/platform/database"
	"github.com/halyard/funding/internal/platform/ids"
)

// Movement changes an account's buckets and is journalled as ledger
// entries. Deltas are signed minor units.
type Movement struct {
	AccountID string
	Asset     string
	Available int64
	Held      int64
	RefType   string
	RefID     string
	Memo      string
}

// Credit adds amount to the available bucket.
func Credit(acct, asset string, amount int64, refType, refID string) Movement {
	return Movement{AccountID: acct, Asset: asset, Available: amount, RefType: refType, RefID: refID}
}

// Debit removes amount from the available bucket.
func Debit(acct, asset string, amount int64, refType, refID string) Movement {
	return Movement{AccountID: acct, Asset: asset, Available: -amount, RefType: refType, RefID: refID}
}

// Hold moves amount from available to held.
func Hold(acct, asset string, amount int64, refType, refID string) Movement {
	return Movement{AccountID: acct, Asset: asset, Available: -amount, Held: amount, RefType: refType, RefID: refID}
}

// Release moves amount from held back to available.
func Release(acct, asset string, amount int64, refType, refID string) Movement {
	return Movement{AccountID: acct, Asset: asset, Available: amount, Held: -amount, RefType: refType, RefID: refID}
}

// Settle removes amount from held; the funds have left the platform.
func Settle(acct, asset string, amount int64, refType, refID string) Movement {
	return Movement{AccountID: acct, Asset: asset, Held: -amount, RefType: refType, RefID: refID}
}

// LedgerRepo owns balances and the journal.
type LedgerRepo interface {
	EnsureAccount(ctx context.Context, userID, asset string) (*Account, error)
	Account(ctx context.Context, id string) (*Account, error)
	Apply(ctx context.Context, m Movement) error
}

type ledgerRepo struct{ db bun.IDB }

// AccountID is the deterministic account id for a user and asset.
func AccountID(userID, asset string) string {
	return "acct_" + ids.Derive("account", userID, asset)
}

func (r *ledgerRepo) EnsureAccount(ctx context.Context, userID, asset string) (*Account, error) {
	acct := &Account{ID: AccountID(userID, asset), UserID: userID, Asset: asset}
	if _, err := r.db.NewInsert().Model(acct).On("CONFLICT (user_id, asset) DO NOTHING").Exec(ctx); err != nil {
		return nil, fmt.Errorf("ensure account: %w", err)
	}
	return r.Account(ctx, acct.ID)
}

func (r *ledgerRepo) Account(ctx context.Context, id string) (*Account, error) {
	acct := new(Account)
	if err := r.db.NewSelect().Model(acct).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return acct, nil
}

// Apply journals the movement and updates the balance atomically. When the
// repo is bound to a transaction this runs in a savepoint.
func (r *ledgerRepo) Apply(ctx context.Context, m Movement) error {
	return r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Account)(nil)).
			Set("available = available + ?", m.Available).
			Set("held = held + ?", m.Held).
			Set("updated_at = now()").
			Where("id = ?", m.AccountID).
			Where("available + ? >= 0", m.Available).
			Where("held + ? >= 0", m.Held).
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("apply movement: %w", err)
		}
		if database.RowsAffected(res) == 0 {
			return ErrInsufficientFunds
		}
		entries := make([]*LedgerEntry, 0, 2)
		if m.Available != 0 {
			entries = append(entries, r.entry(m, BucketAvailable, m.Available))
		}
		if m.Held != 0 {
			entries = append(entries, r.entry(m, BucketHeld, m.Held))
		}
		if len(entries) == 0 {
			return nil
		}
		_, err = tx.NewInsert().Model(&entries).Exec(ctx)
		return err
	})
}

func (r *ledgerRepo) entry(m Movement, bucket string, amount int64) *LedgerEntry {
	return &LedgerEntry{
		ID:        ids.New(),
		AccountID: m.AccountID,
		Asset:     m.Asset,
		Bucket:    bucket,
		Amount:    amount,
		RefType:   m.RefType,
		RefID:     m.RefID,
		Memo:      m.Memo,
	}
}
