// Package totals keeps the public campaign and fundraiser-page totals.
package totals

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/repository"
)

// FundraiserConsumer is the inbox name for fundraiser-page totals.
const FundraiserConsumer = "totals.fundraiser"

// Service applies donations to public totals.
type Service interface {
	AddToCampaign(ctx context.Context, ev domain.DonationEvent) error
	AddToFundraiser(ctx context.Context, messageID string, ev domain.DonationEvent) error
}

type service struct {
	tx     repository.Transactor
	ledger repository.LedgerRepo
	inbox  repository.InboxRepo
}

// New builds the totals service.
func New(tx repository.Transactor, ledger repository.LedgerRepo, inbox repository.InboxRepo) Service {
	return &service{tx: tx, ledger: ledger, inbox: inbox}
}

// AddToCampaign bumps the campaign's raised amount and donor count.
func (s *service) AddToCampaign(ctx context.Context, ev domain.DonationEvent) error {
	if ev.CampaignID == nil {
		return nil
	}
	return s.ledger.AddToCampaign(ctx, *ev.CampaignID, ev.AmountPence, 1)
}

// AddToFundraiser bumps the fundraiser page total, once per message.
func (s *service) AddToFundraiser(ctx context.Context, messageID string, ev domain.DonationEvent) error {
	if ev.FundraiserPageID == nil {
		return nil
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		first, err := s.inbox.WithTx(tx).Claim(ctx, FundraiserConsumer, messageID)
		if err != nil || !first {
			return err
		}
		return s.ledger.WithTx(tx).AddToFundraiser(ctx, *ev.FundraiserPageID, ev.AmountPence, 1)
	})
}
