package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type Pledges struct {
	repos    ports.Repos
	uow      ports.UnitOfWork
	payments ports.PaymentGateway
	clock    ports.Clock
	log      *slog.Logger
}

func NewPledges(repos ports.Repos, uow ports.UnitOfWork, payments ports.PaymentGateway, clock ports.Clock, log *slog.Logger) *Pledges {
	return &Pledges{repos: repos, uow: uow, payments: payments, clock: clock, log: log.With("svc", "pledges")}
}

// Create records the pledge and authorises the backer's card for the full
// amount. The card is only captured if the campaign succeeds.
func (s *Pledges) Create(ctx context.Context, campaignID string, in ports.NewPledge, opts ...ports.Option) (domain.Pledge, error) {
	o := ports.Collect(opts)
	if err := requireRole(o.Actor, domain.RoleBacker); err != nil {
		return domain.Pledge{}, err
	}
	if o.IdempotencyKey == "" {
		return domain.Pledge{}, domain.ErrKeyRequired
	}
	if in.AmountCents <= 0 {
		return domain.Pledge{}, domain.Invalid("amount_cents", "must be positive")
	}
	if in.PaymentMethod == "" {
		return domain.Pledge{}, domain.Invalid("payment_method", "required")
	}

	// Fast path for a client replaying a request we already accepted.
	if existing, err := s.repos.Pledges().FindByIdempotencyKey(ctx, o.Actor.ID, o.IdempotencyKey); err == nil {
		return s.ensureAuthorized(ctx, existing)
	} else if !errors.Is(err, domain.ErrNotFound) {
		return domain.Pledge{}, err
	}

	customerRef, err := s.repos.Backers().CustomerRef(ctx, o.Actor.ID)
	if err != nil {
		return domain.Pledge{}, err
	}

	var p domain.Pledge
	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		c, err := r.Campaigns().GetForUpdate(ctx, campaignID)
		if err != nil {
			return err
		}
		if !c.IsLive() || !s.clock.Now().Before(c.Deadline) {
			return &domain.StateError{Entity: "campaign", State: string(c.Status), Want: "live"}
		}
		if in.TierID != "" {
			tier, err := r.Tiers().Get(ctx, in.TierID)
			if err != nil {
				return err
			}
			if tier.CampaignID != c.ID {
				return domain.Invalid("tier_id", "tier belongs to another campaign")
			}
			if in.AmountCents < tier.MinCents {
				return domain.Invalid("amount_cents", "below the tier minimum")
			}
		}

		var created bool
		p, created, err = r.Pledges().Insert(ctx, domain.Pledge{
			ID:             uuid.NewString(),
			CampaignID:     c.ID,
			BackerID:       o.Actor.ID,
			TierID:         in.TierID,
			AmountCents:    in.AmountCents,
			Currency:       c.Currency,
			Status:         domain.PledgePendingAuth,
			CustomerRef:    customerRef,
			PaymentMethod:  in.PaymentMethod,
			IdempotencyKey: o.IdempotencyKey,
		})
		if err != nil || !created {
			return err
		}
		if p.TierID != "" {
			ok, err := r.Tiers().ClaimSlot(ctx, p.TierID)
			if err != nil {
				return err
			}
			if !ok {
				return domain.ErrSoldOut
			}
		}
		return r.Campaigns().AddPledged(ctx, c.ID, p.AmountCents)
	})
	if err != nil {
		return domain.Pledge{}, err
	}
	return s.ensureAuthorized(ctx, p)
}

// ensureAuthorized places the card hold for a pledge that has no
// PaymentIntent yet, stores the intent on the pledge and queues the
// confirmation email.
func (s *Pledges) ensureAuthorized(ctx context.Context, p domain.Pledge) (domain.Pledge, error) {
	if p.Status != domain.PledgePendingAuth || p.PaymentIntentID != "" {
		return p, nil
	}
	auth, err := s.payments.Authorize(ctx, ports.AuthorizeRequest{
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		CustomerRef:   p.CustomerRef,
		PaymentMethod: p.PaymentMethod,
		Description:   "Pledge " + p.ID,
	},
		ports.WithIdempotency("pledge-auth-"+p.ID),
		ports.WithMetadata(map[string]string{"pledge_id": p.ID, "campaign_id": p.CampaignID}),
	)
	if errors.Is(err, domain.ErrPaymentFailed) {
		return s.failAuthorization(ctx, p, err)
	}
	if err != nil {
		return p, err
	}

	status := domain.PledgePendingAuth
	if auth.Status == "requires_capture" {
		status = domain.PledgeAuthorized
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Pledges().SetPaymentIntent(ctx, p.ID, auth.PaymentIntentID, status); err != nil {
			return err
		}
		email, err := r.Backers().Email(ctx, p.BackerID)
		if err != nil {
			return err
		}
		return queueNotification(ctx, r, domain.TplPledgeConfirmed, p.ID, email, map[string]string{
			"amount":   strconv.FormatInt(p.AmountCents, 10),
			"currency": p.Currency,
		})
	})
	if err != nil {
		return p, err
	}
	p.PaymentIntentID = auth.PaymentIntentID
	p.Status = status
	return p, nil
}

func (s *Pledges) failAuthorization(ctx context.Context, p domain.Pledge, cause error) (domain.Pledge, error) {
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		cur, err := r.Pledges().GetForUpdate(ctx, p.ID)
		if err != nil {
			return err
		}
		if cur.Status != domain.PledgePendingAuth {
			return nil
		}
		if err := r.Pledges().SetStatus(ctx, p.ID, domain.PledgeAuthFailed); err != nil {
			return err
		}
		if cur.TierID != "" {
			if err := r.Tiers().ReleaseSlot(ctx, cur.TierID); err != nil {
				return err
			}
		}
		return r.Campaigns().AddPledged(ctx, cur.CampaignID, -cur.AmountCents)
	})
	if err != nil {
		return p, errors.Join(cause, err)
	}
	p.Status = domain.PledgeAuthFailed
	return p, cause
}

// Upgrade raises the pledge amount by delta and grows the card hold to
// match.
func (s *Pledges) Upgrade(ctx context.Context, pledgeID string, delta int64, opts ...ports.Option) (domain.Pledge, error) {
	o := ports.Collect(opts)
	if delta <= 0 {
		return domain.Pledge{}, domain.Invalid("delta_cents", "must be positive")
	}
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return domain.Pledge{}, err
	}
	if err := ownsPledge(o.Actor, p); err != nil {
		return domain.Pledge{}, err
	}
	if p.Status != domain.PledgeAuthorized {
		return domain.Pledge{}, &domain.StateError{Entity: "pledge", State: string(p.Status), Want: string(domain.PledgeAuthorized)}
	}

	newAmount := p.AmountCents + delta
	opKey := "upgrade-" + ulid.Make().String()
	auth, err := s.payments.IncrementAuthorization(ctx, p.PaymentIntentID, newAmount, ports.WithIdempotency(opKey))
	if err != nil {
		return domain.Pledge{}, fmt.Errorf("increment authorization: %w", err)
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Pledges().UpdateAmount(ctx, p.ID, auth.AmountCents); err != nil {
			return err
		}
		if err := r.Campaigns().AddPledged(ctx, p.CampaignID, delta); err != nil {
			return err
		}
		return r.Adjustments().Create(ctx, domain.Adjustment{
			ID:         uuid.NewString(),
			PledgeID:   p.ID,
			DeltaCents: delta,
			Reason:     "upgrade " + opKey,
		})
	})
	if err != nil {
		return domain.Pledge{}, err
	}
	p.AmountCents = auth.AmountCents
	return p, nil
}

// ChangeTier moves the pledge to another reward tier of the same campaign.
// The pledge must already cover the new tier's minimum.
func (s *Pledges) ChangeTier(ctx context.Context, pledgeID, tierID string, opts ...ports.Option) (domain.Pledge, error) {
	o := ports.Collect(opts)
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return domain.Pledge{}, err
	}
	if err := ownsPledge(o.Actor, p); err != nil {
		return domain.Pledge{}, err
	}
	if !p.Active() {
		return domain.Pledge{}, &domain.StateError{Entity: "pledge", State: string(p.Status), Want: "active"}
	}
	if p.TierID == tierID {
		return p, nil
	}
	tier, err := s.repos.Tiers().Get(ctx, tierID)
	if err != nil {
		return domain.Pledge{}, err
	}
	if tier.CampaignID != p.CampaignID {
		return domain.Pledge{}, domain.Invalid("tier_id", "tier belongs to another campaign")
	}
	if p.AmountCents < tier.MinCents {
		return domain.Pledge{}, domain.Invalid("tier_id", "upgrade the pledge to at least the tier minimum first")
	}

	// Hold a slot on the new tier before giving up the old one so a
	// limited tier can't be oversold while the pledge moves.
	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		ok, err := r.Tiers().ClaimSlot(ctx, tier.ID)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrSoldOut
		}
		if p.TierID == "" {
			return nil
		}
		return r.Tiers().ReleaseSlot(ctx, p.TierID)
	})
	if err != nil {
		return domain.Pledge{}, err
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Pledges().UpdateTier(ctx, p.ID, tier.ID); err != nil {
			return err
		}
		return r.Adjustments().Create(ctx, domain.Adjustment{
			ID:       uuid.NewString(),
			PledgeID: p.ID,
			Reason:   fmt.Sprintf("tier %s -> %s", p.TierID, tier.ID),
		})
	})
	if err != nil {
		return domain.Pledge{}, err
	}
	p.TierID = tier.ID
	return p, nil
}

// AddAddon spends the part of the pledge above the tier minimum on an
// add-on item.
func (s *Pledges) AddAddon(ctx context.Context, pledgeID string, in ports.NewAddon, opts ...ports.Option) (domain.Addon, error) {
	o := ports.Collect(opts)
	if in.Quantity <= 0 || in.Quantity > 20 {
		return domain.Addon{}, domain.Invalid("quantity", "between 1 and 20")
	}
	var a domain.Addon
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		p, err := r.Pledges().GetForUpdate(ctx, pledgeID)
		if err != nil {
			return err
		}
		if err := ownsPledge(o.Actor, p); err != nil {
			return err
		}
		if !p.Active() {
			return &domain.StateError{Entity: "pledge", State: string(p.Status), Want: "active"}
		}
		price, err := r.Addons().Price(ctx, p.CampaignID, in.SKU)
		if err != nil {
			return err
		}
		var tierMin int64
		if p.TierID != "" {
			tier, err := r.Tiers().Get(ctx, p.TierID)
			if err != nil {
				return err
			}
			tierMin = tier.MinCents
		}
		spent, err := r.Addons().SumForPledge(ctx, p.ID)
		if err != nil {
			return err
		}
		a = domain.Addon{
			ID:        uuid.NewString(),
			PledgeID:  p.ID,
			SKU:       in.SKU,
			Quantity:  in.Quantity,
			UnitCents: price,
			CreatedAt: s.clock.Now(),
		}
		if credit := p.AmountCents - tierMin - spent; a.TotalCents() > credit {
			return domain.Invalid("quantity", fmt.Sprintf("pledge has %d left for add-ons", credit))
		}
		return r.Addons().Create(ctx, a)
	})
	return a, err
}

func (s *Pledges) SetShippingAddress(ctx context.Context, pledgeID string, addr domain.ShippingAddress, opts ...ports.Option) error {
	o := ports.Collect(opts)
	p, err := s.repos.Pledges().Get(ctx, pledgeID)
	if err != nil {
		return err
	}
	if err := ownsPledge(o.Actor, p); err != nil {
		return err
	}
	addr.PledgeID = p.ID
	if !addr.Complete() {
		return domain.Invalid("address", "name, line1, city, postal_code and country are required")
	}
	if _, err := s.repos.Shipments().GetByPledge(ctx, p.ID); err == nil {
		return &domain.StateError{Entity: "pledge", State: "shipped", Want: "not yet shipped"}
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	return s.repos.Addresses().Upsert(ctx, addr)
}

// Cancel withdraws an active pledge while the campaign is still live. The
// card hold is released by the cancel_authorization job.
func (s *Pledges) Cancel(ctx context.Context, pledgeID string, opts ...ports.Option) (domain.Pledge, error) {
	o := ports.Collect(opts)
	var p domain.Pledge
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		var err error
		p, err = r.Pledges().GetForUpdate(ctx, pledgeID)
		if err != nil {
			return err
		}
		if err := ownsPledge(o.Actor, p); err != nil {
			return err
		}
		if p.Status == domain.PledgeCancelling || p.Status == domain.PledgeCancelled {
			return nil
		}
		c, err := r.Campaigns().Get(ctx, p.CampaignID)
		if err != nil {
			return err
		}
		if !c.IsLive() {
			return &domain.StateError{Entity: "campaign", State: string(c.Status), Want: "live"}
		}
		ok, err := r.Pledges().RequestCancel(ctx, p.ID)
		if err != nil {
			return err
		}
		if !ok {
			return &domain.StateError{Entity: "pledge", State: string(p.Status), Want: "active"}
		}
		p.Status = domain.PledgeCancelling
		if err := r.Campaigns().AddPledged(ctx, p.CampaignID, -p.AmountCents); err != nil {
			return err
		}
		if p.TierID != "" {
			if err := r.Tiers().ReleaseSlot(ctx, p.TierID); err != nil {
				return err
			}
		}
		return r.Jobs().Enqueue(ctx, ports.CancelAuthorizationArgs{PledgeID: p.ID}, ports.UniqueByArgs())
	})
	return p, err
}
