// Package ledger posts donations to the general ledger and campaign totals.
package ledger

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Chart-of-accounts codes.
const (
	accountDonationIncome = "4000-donation-income"
	accountStripeClearing = "1100-stripe-clearing"
)

// Service implements service.LedgerService.
type Service struct {
	DB        db.Beginner
	Ledger    repo.Ledger
	Campaigns repo.Campaigns
}

var _ service.LedgerService = (*Service)(nil)

// PostDonation writes both legs of the posting and bumps the campaign total
// in one transaction. The (donation_id, entry_kind) unique key makes the
// first insert the guard for the rest.
func (s *Service) PostDonation(ctx context.Context, ev service.DonationRecorded) error {
	return db.Exec(ctx, s.DB, func(tx *sqlx.Tx) error {
		ledger := s.Ledger.WithTx(tx)
		fresh, err := ledger.InsertEntry(ctx, domain.LedgerEntry{
			ID:          ids.New(),
			DonationID:  ev.DonationID,
			EntryKind:   "income",
			Account:     accountDonationIncome,
			AmountCents: -ev.AmountCents,
		})
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		if _, err := ledger.InsertEntry(ctx, domain.LedgerEntry{
			ID:          ids.New(),
			DonationID:  ev.DonationID,
			EntryKind:   "clearing",
			Account:     accountStripeClearing,
			AmountCents: ev.AmountCents,
		}); err != nil {
			return err
		}
		return s.Campaigns.WithTx(tx).AddRaised(ctx, ev.CampaignID, ev.AmountCents)
	})
}
