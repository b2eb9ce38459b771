package repository

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// LedgerRepo adjusts charity balances and public totals. The statements are
// single-row arithmetic updates written as raw SQL so they stay atomic
// without a read-modify-write.
type LedgerRepo interface {
	WithTx(tx bun.IDB) LedgerRepo
	CreditAvailable(ctx context.Context, charityID string, pence int64) error
	DebitAvailable(ctx context.Context, charityID string, pence int64) error
	Reserve(ctx context.Context, charityID string, pence int64) error
	SettleReserved(ctx context.Context, charityID string, pence int64) error
	AddPendingMatch(ctx context.Context, charityID string, pence int64) error
	AddToCampaign(ctx context.Context, campaignID string, pence int64, donors int) error
	AddToFundraiser(ctx context.Context, pageID string, pence int64, count int) error
}

type ledgerRepo struct{ db bun.IDB }

// NewLedgerRepo returns the bun implementation.
func NewLedgerRepo(db *bun.DB) LedgerRepo { return &ledgerRepo{db: db} }

func (r *ledgerRepo) WithTx(tx bun.IDB) LedgerRepo { return &ledgerRepo{db: tx} }

// ErrInsufficientFunds is returned when a debit or reservation would take a
// balance negative.
var ErrInsufficientFunds = fmt.Errorf("insufficient available balance")

func (r *ledgerRepo) CreditAvailable(ctx context.Context, charityID string, pence int64) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO charity_balances (charity_id, available_pence, reserved_pence, paid_out_pence, pending_match_pence)
		VALUES (?, ?, 0, 0, 0)
		ON CONFLICT (charity_id) DO UPDATE
		SET available_pence = charity_balances.available_pence + EXCLUDED.available_pence,
		    updated_at = now()`, charityID, pence)
	return err
}

func (r *ledgerRepo) DebitAvailable(ctx context.Context, charityID string, pence int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE charity_balances
		SET available_pence = available_pence - ?, updated_at = now()
		WHERE charity_id = ?`, pence, charityID)
	return err
}

func (r *ledgerRepo) Reserve(ctx context.Context, charityID string, pence int64) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE charity_balances
		SET available_pence = available_pence - ?,
		    reserved_pence  = reserved_pence + ?,
		    updated_at = now()
		WHERE charity_id = ? AND available_pence >= ?`, pence, pence, charityID, pence)
	if err != nil {
		return err
	}
	if affected(res) == 0 {
		return ErrInsufficientFunds
	}
	return nil
}

func (r *ledgerRepo) SettleReserved(ctx context.Context, charityID string, pence int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE charity_balances
		SET reserved_pence = reserved_pence - ?,
		    paid_out_pence = paid_out_pence + ?,
		    updated_at = now()
		WHERE charity_id = ?`, pence, pence, charityID)
	return err
}

func (r *ledgerRepo) AddPendingMatch(ctx context.Context, charityID string, pence int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE charity_balances
		SET pending_match_pence = pending_match_pence + ?, updated_at = now()
		WHERE charity_id = ?`, pence, charityID)
	return err
}

func (r *ledgerRepo) AddToCampaign(ctx context.Context, campaignID string, pence int64, donors int) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO campaign_totals (campaign_id, raised_pence, donor_count)
		VALUES (?, ?, ?)
		ON CONFLICT (campaign_id) DO UPDATE
		SET raised_pence = campaign_totals.raised_pence + EXCLUDED.raised_pence,
		    donor_count  = campaign_totals.donor_count + EXCLUDED.donor_count,
		    updated_at = now()`, campaignID, pence, donors)
	return err
}

func (r *ledgerRepo) AddToFundraiser(ctx context.Context, pageID string, pence int64, count int) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE fundraiser_pages
		SET raised_pence = raised_pence + ?, donation_count = donation_count + ?, updated_at = now()
		WHERE id = ?`, pence, count, pageID)
	return err
}
