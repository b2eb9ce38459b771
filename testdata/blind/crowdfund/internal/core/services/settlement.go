package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

// Settlement closes campaigns at their deadline and moves the money: card
// holds are captured for funded campaigns and released for failed ones.
type Settlement struct {
	repos    ports.Repos
	uow      ports.UnitOfWork
	payments ports.PaymentGateway
	clock    ports.Clock
	log      *slog.Logger
}

func NewSettlement(repos ports.Repos, uow ports.UnitOfWork, payments ports.PaymentGateway, clock ports.Clock, log *slog.Logger) *Settlement {
	return &Settlement{repos: repos, uow: uow, payments: payments, clock: clock, log: log.With("svc", "settlement")}
}

func (s *Settlement) Close(ctx context.Context, campaignID string, opts ...ports.Option) (domain.Campaign, error) {
	o := ports.Collect(opts)
	if err := requireRole(o.Actor, domain.RoleAdmin, domain.RoleSystem); err != nil {
		return domain.Campaign{}, err
	}
	var c domain.Campaign
	var jobs int
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		var err error
		c, err = r.Campaigns().GetForUpdate(ctx, campaignID)
		if err != nil {
			return err
		}
		if c.Status != domain.CampaignLive {
			return nil
		}
		outcome := c.Outcome()
		if _, err := r.Campaigns().SetOutcome(ctx, c.ID, outcome, s.clock.Now()); err != nil {
			return err
		}
		c.Status = outcome

		pledges, err := r.Pledges().ListActiveByCampaign(ctx, c.ID)
		if err != nil {
			return err
		}
		for _, p := range pledges {
			var job ports.Job = ports.CancelAuthorizationArgs{PledgeID: p.ID}
			if outcome == domain.CampaignSucceeded {
				job = ports.CapturePledgeArgs{PledgeID: p.ID}
			}
			if err := r.Jobs().Enqueue(ctx, job, ports.UniqueByArgs()); err != nil {
				return err
			}
			jobs++
		}

		tpl := domain.TplCampaignFailed
		if outcome == domain.CampaignSucceeded {
			tpl = domain.TplCampaignFunded
		}
		contacts, err := r.Backers().EmailsForCampaign(ctx, c.ID)
		if err != nil {
			return err
		}
		for _, b := range contacts {
			if err := queueNotification(ctx, r, tpl, c.ID, b.Email, map[string]string{
				"campaign": c.Title,
				"name":     b.Name,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return domain.Campaign{}, err
	}
	s.log.InfoContext(ctx, "campaign closed", "campaign_id", c.ID, "status", c.Status, "jobs", jobs)
	return c, nil
}

func (s *Settlement) CloseExpired(ctx context.Context, now time.Time) (int, error) {
	expired, err := s.repos.Campaigns().ListLiveEndingBefore(ctx, now)
	if err != nil {
		return 0, err
	}
	var closed int
	var errs []error
	for _, c := range expired {
		if _, err := s.Close(ctx, c.ID, WithActor(domain.System)); err != nil {
			errs = append(errs, fmt.Errorf("close %s: %w", c.ID, err))
			continue
		}
		closed++
	}
	return closed, errors.Join(errs...)
}

// Capture collects an authorised pledge of a funded campaign.
func (s *Settlement) Capture(ctx context.Context, pledgeID string) error {
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return err
	}
	switch p.Status {
	case domain.PledgeCaptured, domain.PledgeRefunded, domain.PledgeDisputed:
		return nil
	case domain.PledgeAuthorized:
	default:
		return &domain.StateError{Entity: "pledge", State: string(p.Status), Want: string(domain.PledgeAuthorized)}
	}

	if err := s.payments.Capture(ctx, p.PaymentIntentID, p.AmountCents,
		ports.WithIdempotency("capture-"+p.ID),
		ports.WithMetadata(map[string]string{"pledge_id": p.ID}),
	); err != nil {
		return fmt.Errorf("capture pledge %s: %w", p.ID, err)
	}

	if err := s.repos.Campaigns().AddCollected(ctx, p.CampaignID, p.AmountCents); err != nil {
		return err
	}
	if err := s.repos.Pledges().MarkCaptured(ctx, p.ID, s.clock.Now()); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "pledge captured", "pledge_id", p.ID, "amount", p.AmountCents)
	return nil
}

// CancelAuthorization releases the card hold of a cancelled pledge or of a
// pledge to a failed campaign.
func (s *Settlement) CancelAuthorization(ctx context.Context, pledgeID string) error {
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return err
	}
	if p.Status == domain.PledgeCancelled || p.Status == domain.PledgeAuthFailed {
		return nil
	}
	if p.PaymentIntentID != "" {
		if err := s.payments.Cancel(ctx, p.PaymentIntentID, ports.WithIdempotency("cancel-"+p.ID)); err != nil {
			return fmt.Errorf("cancel authorization %s: %w", p.ID, err)
		}
	}
	if _, err := s.repos.Pledges().MarkCancelled(ctx, p.ID, s.clock.Now()); err != nil {
		return err
	}
	return nil
}

// Refund returns a captured pledge to the backer. One refund per pledge.
func (s *Settlement) Refund(ctx context.Context, pledgeID string, amount int64, opts ...ports.Option) (domain.Refund, error) {
	o := ports.Collect(opts)
	if err := requireRole(o.Actor, domain.RoleAdmin); err != nil {
		return domain.Refund{}, err
	}
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return domain.Refund{}, err
	}
	if p.Status != domain.PledgeCaptured && p.Status != domain.PledgeRefunded {
		return domain.Refund{}, &domain.StateError{Entity: "pledge", State: string(p.Status), Want: string(domain.PledgeCaptured)}
	}
	if amount <= 0 {
		amount = p.AmountCents
	}
	if amount > p.AmountCents {
		return domain.Refund{}, domain.Invalid("amount_cents", "exceeds captured amount")
	}

	rf, err := s.repos.Refunds().Open(ctx, domain.Refund{
		ID:          uuid.NewString(),
		PledgeID:    p.ID,
		AmountCents: amount,
		Reason:      o.Reason,
		Status:      domain.RefundPending,
		RequestedBy: o.Actor.ID,
	})
	if err != nil {
		return domain.Refund{}, err
	}
	if rf.Status == domain.RefundSucceeded {
		return rf, nil
	}

	refundID, err := s.payments.Refund(ctx, p.PaymentIntentID, rf.AmountCents,
		ports.WithIdempotency("refund-"+rf.ID),
		ports.WithMetadata(map[string]string{"pledge_id": p.ID, "refund_id": rf.ID, "amount": strconv.FormatInt(rf.AmountCents, 10)}),
	)
	if err != nil {
		return rf, fmt.Errorf("refund pledge %s: %w", p.ID, err)
	}
	if err := s.repos.Refunds().Complete(ctx, rf.ID, refundID, domain.RefundSucceeded); err != nil {
		return rf, err
	}
	rf.StripeRefundID = refundID
	rf.Status = domain.RefundSucceeded
	return rf, nil
}
