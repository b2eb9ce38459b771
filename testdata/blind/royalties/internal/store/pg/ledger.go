package pg

import (
	"context"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// LedgerRepo implements store.Ledger.
type LedgerRepo struct{ base }

// NewLedgerRepo returns a LedgerRepo.
func NewLedgerRepo(db txm.DBTX) *LedgerRepo { return &LedgerRepo{base{db}} }

var _ store.Ledger = (*LedgerRepo)(nil)

// Append implements store.Ledger.
func (r *LedgerRepo) Append(ctx context.Context, e domain.LedgerEntry) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO ledger_entries (id, artist_id, entry_type, amount_cents, currency, ref_type, ref_id, memo)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		e.ID, e.ArtistID, e.EntryType, e.AmountCents, e.Currency, e.RefType, e.RefID, e.Memo)
	return err
}

// Balance implements store.Ledger.
func (r *LedgerRepo) Balance(ctx context.Context, artistID, currency string) (int64, error) {
	var bal int64
	err := r.conn(ctx).QueryRow(ctx, `
		SELECT coalesce(sum(amount_cents), 0)::bigint FROM ledger_entries
		WHERE artist_id = $1 AND currency = $2`, artistID, currency).Scan(&bal)
	return bal, err
}

// AdjustmentRepo implements store.Adjustments.
type AdjustmentRepo struct{ base }

// NewAdjustmentRepo returns an AdjustmentRepo.
func NewAdjustmentRepo(db txm.DBTX) *AdjustmentRepo { return &AdjustmentRepo{base{db}} }

var _ store.Adjustments = (*AdjustmentRepo)(nil)

// Insert implements store.Adjustments.
func (r *AdjustmentRepo) Insert(ctx context.Context, a domain.Adjustment) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO adjustments (id, artist_id, amount_cents, currency, reason, created_by)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.ArtistID, a.AmountCents, a.Currency, a.Reason, a.CreatedBy)
	return err
}
