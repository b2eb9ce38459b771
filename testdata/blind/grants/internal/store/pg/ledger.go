package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

// LedgerRepo implements repo.Ledger.
type LedgerRepo struct{ q sqlx.ExtContext }

// NewLedgerRepo builds the repository.
func NewLedgerRepo(q sqlx.ExtContext) *LedgerRepo { return &LedgerRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *LedgerRepo) WithTx(tx *sqlx.Tx) repo.Ledger { return &LedgerRepo{q: tx} }

// InsertEntry writes a posting unless one of the same kind already exists
// for the donation.
func (r *LedgerRepo) InsertEntry(ctx context.Context, e domain.LedgerEntry) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO ledger_entries (id, donation_id, entry_kind, account, amount_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (donation_id, entry_kind) DO NOTHING`,
		e.ID, e.DonationID, e.EntryKind, e.Account, e.AmountCents)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CampaignRepo implements repo.Campaigns.
type CampaignRepo struct{ q sqlx.ExtContext }

// NewCampaignRepo builds the repository.
func NewCampaignRepo(q sqlx.ExtContext) *CampaignRepo { return &CampaignRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *CampaignRepo) WithTx(tx *sqlx.Tx) repo.Campaigns { return &CampaignRepo{q: tx} }

// Get loads a campaign.
func (r *CampaignRepo) Get(ctx context.Context, id string) (*domain.Campaign, error) {
	var c domain.Campaign
	err := sqlx.GetContext(ctx, r.q, &c, `
		SELECT id, name, goal_cents, raised_cents, offline_cents FROM campaigns WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// AddRaised increments the online total.
func (r *CampaignRepo) AddRaised(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE campaigns SET raised_cents = raised_cents + $2, donation_count = donation_count + 1
		 WHERE id = $1`, id, cents)
	return err
}

// AddOffline increments the offline (cheque / cash) total.
func (r *CampaignRepo) AddOffline(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE campaigns SET offline_cents = offline_cents + $2 WHERE id = $1`, id, cents)
	return err
}
