package services

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type Payouts struct {
	repos ports.Repos
	uow   ports.UnitOfWork
	bank  ports.BankGateway
	clock ports.Clock
	log   *slog.Logger
}

func NewPayouts(repos ports.Repos, uow ports.UnitOfWork, bank ports.BankGateway, clock ports.Clock, log *slog.Logger) *Payouts {
	return &Payouts{repos: repos, uow: uow, bank: bank, clock: clock, log: log.With("svc", "payouts")}
}

// Request opens the single payout of a funded campaign and schedules the
// transfer.
func (s *Payouts) Request(ctx context.Context, campaignID string, opts ...ports.Option) (domain.Payout, error) {
	o := ports.Collect(opts)
	if err := requireRole(o.Actor, domain.RoleAdmin, domain.RoleSystem); err != nil {
		return domain.Payout{}, err
	}
	var p domain.Payout
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		c, err := r.Campaigns().GetForUpdate(ctx, campaignID)
		if err != nil {
			return err
		}
		if c.Status != domain.CampaignSucceeded {
			return &domain.StateError{Entity: "campaign", State: string(c.Status), Want: string(domain.CampaignSucceeded)}
		}
		if c.BeneficiaryRef == "" {
			return domain.Invalid("payout_account", "campaign has no payout account")
		}
		fee := domain.FeeFor(c.CollectedCents)
		var created bool
		p, created, err = r.Payouts().Open(ctx, domain.Payout{
			ID:          uuid.NewString(),
			CampaignID:  c.ID,
			AmountCents: c.CollectedCents - fee,
			FeeCents:    fee,
			Currency:    c.Currency,
			Status:      domain.PayoutPending,
		})
		if err != nil || !created {
			return err
		}
		return r.Jobs().Enqueue(ctx, ports.CreatorPayoutArgs{PayoutID: p.ID}, ports.UniqueByArgs())
	})
	return p, err
}

// Execute sends the bank transfer for a pending payout.
func (s *Payouts) Execute(ctx context.Context, payoutID string) error {
	p, err := s.repos.Payouts().Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutPending {
		return nil
	}
	c, err := s.repos.Campaigns().Get(ctx, p.CampaignID)
	if err != nil {
		return err
	}

	// Scheme rules: end-to-end ids are at most 35 alphanumerics.
	endToEnd := "BF" + xid.New().String()
	tr, err := s.bank.SendTransfer(ctx, ports.TransferRequest{
		BeneficiaryID: c.BeneficiaryRef,
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		EndToEndID:    endToEnd,
		Reference:     reference(c),
	})
	if err != nil {
		return fmt.Errorf("send transfer for payout %s: %w", p.ID, err)
	}

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Payouts().MarkSubmitted(ctx, p.ID, endToEnd, tr.ID, s.clock.Now()); err != nil {
			return err
		}
		return r.Ledger().Append(ctx, domain.LedgerEntry{
			ID:          ksuid.New().String(),
			CampaignID:  c.ID,
			PayoutID:    p.ID,
			Kind:        domain.LedgerPayout,
			AmountCents: -p.AmountCents,
			Memo:        "transfer " + tr.ID,
		})
	})
}

// reference is the text shown on the creator's bank statement (max 18).
func reference(c domain.Campaign) string {
	ref := "BRIGHTFUND " + c.ID[:7]
	if len(ref) > 18 {
		ref = ref[:18]
	}
	return ref
}
