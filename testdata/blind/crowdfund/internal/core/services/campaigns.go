package services

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type Campaigns struct {
	repos  ports.Repos
	uow    ports.UnitOfWork
	bank   ports.BankGateway
	mailer ports.Mailer
	clock  ports.Clock
	log    *slog.Logger
}

func NewCampaigns(repos ports.Repos, uow ports.UnitOfWork, bank ports.BankGateway, mailer ports.Mailer, clock ports.Clock, log *slog.Logger) *Campaigns {
	return &Campaigns{repos: repos, uow: uow, bank: bank, mailer: mailer, clock: clock, log: log.With("svc", "campaigns")}
}

var supportedCurrencies = map[string]bool{"USD": true, "EUR": true, "GBP": true, "CAD": true, "AUD": true}

func validateCampaign(in ports.NewCampaign, now time.Time) error {
	switch {
	case strings.TrimSpace(in.Title) == "":
		return domain.Invalid("title", "required")
	case len(in.Title) > 120:
		return domain.Invalid("title", "at most 120 characters")
	case !supportedCurrencies[strings.ToUpper(in.Currency)]:
		return domain.Invalid("currency", "unsupported")
	case in.GoalCents < 10_000:
		return domain.Invalid("goal_cents", "goal must be at least 100.00")
	case in.Deadline.Before(now.Add(24 * time.Hour)):
		return domain.Invalid("deadline", "must be at least a day away")
	case in.Deadline.After(now.Add(60 * 24 * time.Hour)):
		return domain.Invalid("deadline", "campaigns run for at most 60 days")
	}
	return nil
}

func (s *Campaigns) Create(ctx context.Context, in ports.NewCampaign, opts ...ports.Option) (domain.Campaign, error) {
	o := ports.Collect(opts)
	if err := requireRole(o.Actor, domain.RoleCreator); err != nil {
		return domain.Campaign{}, err
	}
	if err := validateCampaign(in, s.clock.Now()); err != nil {
		return domain.Campaign{}, err
	}
	c := domain.Campaign{
		ID:        uuid.NewString(),
		CreatorID: o.Actor.ID,
		Title:     strings.TrimSpace(in.Title),
		Blurb:     in.Blurb,
		Currency:  strings.ToUpper(in.Currency),
		GoalCents: in.GoalCents,
		Status:    domain.CampaignDraft,
		Deadline:  in.Deadline.UTC(),
		CreatedAt: s.clock.Now(),
	}
	if err := s.repos.Campaigns().Create(ctx, c); err != nil {
		return domain.Campaign{}, err
	}
	s.log.InfoContext(ctx, "campaign created", "campaign_id", c.ID, "creator_id", c.CreatorID)
	return c, nil
}

func (s *Campaigns) AddTier(ctx context.Context, campaignID string, in ports.NewTier, opts ...ports.Option) (domain.RewardTier, error) {
	o := ports.Collect(opts)
	c, err := s.repos.Campaigns().Get(ctx, campaignID)
	if err != nil {
		return domain.RewardTier{}, err
	}
	if err := ownsCampaign(o.Actor, c); err != nil {
		return domain.RewardTier{}, err
	}
	if c.Status != domain.CampaignDraft && c.Status != domain.CampaignLive {
		return domain.RewardTier{}, &domain.StateError{Entity: "campaign", State: string(c.Status), Want: "draft or live"}
	}
	slug := strings.ToLower(strings.TrimSpace(in.Slug))
	if slug == "" {
		return domain.RewardTier{}, domain.Invalid("slug", "required")
	}
	if in.MinCents <= 0 {
		return domain.RewardTier{}, domain.Invalid("min_cents", "must be positive")
	}
	tier, created, err := s.repos.Tiers().Insert(ctx, domain.RewardTier{
		ID:           uuid.NewString(),
		CampaignID:   c.ID,
		Slug:         slug,
		Title:        in.Title,
		Description:  in.Description,
		MinCents:     in.MinCents,
		Limit:        in.Limit,
		ShipsAt:      in.ShipsAt,
		RequiresShip: in.RequiresShip,
	})
	if err != nil {
		return domain.RewardTier{}, err
	}
	if created {
		s.log.InfoContext(ctx, "tier added", "campaign_id", c.ID, "tier", tier.Slug)
	}
	return tier, nil
}

func (s *Campaigns) Launch(ctx context.Context, campaignID string, opts ...ports.Option) (domain.Campaign, error) {
	o := ports.Collect(opts)
	var c domain.Campaign
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		var err error
		c, err = r.Campaigns().GetForUpdate(ctx, campaignID)
		if err != nil {
			return err
		}
		if err := ownsCampaign(o.Actor, c); err != nil {
			return err
		}
		if c.Status == domain.CampaignLive {
			return nil
		}
		tiers, err := r.Tiers().ListByCampaign(ctx, c.ID)
		if err != nil {
			return err
		}
		if len(tiers) == 0 {
			return domain.Invalid("tiers", "add at least one reward tier before launching")
		}
		now := s.clock.Now()
		launched, err := r.Campaigns().Launch(ctx, c.ID, now)
		if err != nil {
			return err
		}
		if !launched {
			return &domain.StateError{Entity: "campaign", State: string(c.Status), Want: string(domain.CampaignDraft)}
		}
		c.Status = domain.CampaignLive
		c.LaunchedAt = &now
		email, err := r.Backers().CreatorEmail(ctx, c.CreatorID)
		if err != nil {
			return err
		}
		return queueNotification(ctx, r, domain.TplCampaignLaunched, c.ID, email, map[string]string{
			"campaign": c.Title,
			"deadline": c.Deadline.Format(time.RFC1123),
		})
	})
	return c, err
}

func (s *Campaigns) AddStretchGoal(ctx context.Context, campaignID string, in ports.NewStretchGoal, opts ...ports.Option) (domain.StretchGoal, error) {
	o := ports.Collect(opts)
	c, err := s.repos.Campaigns().Get(ctx, campaignID)
	if err != nil {
		return domain.StretchGoal{}, err
	}
	if err := ownsCampaign(o.Actor, c); err != nil {
		return domain.StretchGoal{}, err
	}
	if in.ThresholdCents <= c.GoalCents {
		return domain.StretchGoal{}, domain.Invalid("threshold_cents", "stretch goals must be above the funding goal")
	}
	g := domain.StretchGoal{
		ID:             uuid.NewString(),
		CampaignID:     c.ID,
		ThresholdCents: in.ThresholdCents,
		Title:          in.Title,
		Description:    in.Description,
	}
	if err := s.repos.StretchGoals().Create(ctx, g); err != nil {
		return domain.StretchGoal{}, err
	}
	return g, nil
}

func (s *Campaigns) PostUpdate(ctx context.Context, campaignID string, in ports.NewUpdate, opts ...ports.Option) (domain.CampaignUpdate, error) {
	o := ports.Collect(opts)
	c, err := s.repos.Campaigns().Get(ctx, campaignID)
	if err != nil {
		return domain.CampaignUpdate{}, err
	}
	if err := ownsCampaign(o.Actor, c); err != nil {
		return domain.CampaignUpdate{}, err
	}
	if strings.TrimSpace(in.Title) == "" || strings.TrimSpace(in.Body) == "" {
		return domain.CampaignUpdate{}, domain.Invalid("body", "title and body are required")
	}

	backers, err := s.repos.Backers().EmailsForCampaign(ctx, c.ID)
	if err != nil {
		return domain.CampaignUpdate{}, err
	}
	for _, b := range backers {
		_, err := s.mailer.Send(ctx, ports.Email{
			To:       b.Email,
			Subject:  fmt.Sprintf("%s: %s", c.Title, in.Title),
			Template: string(domain.TplCampaignUpdate),
			Data: map[string]string{
				"name":     b.Name,
				"campaign": c.Title,
				"title":    in.Title,
				"body":     in.Body,
			},
			Tags: []string{"campaign-update", c.ID},
		})
		if err != nil {
			return domain.CampaignUpdate{}, fmt.Errorf("send update to backer %s: %w", b.BackerID, err)
		}
	}

	u := domain.CampaignUpdate{
		ID:         uuid.NewString(),
		CampaignID: c.ID,
		AuthorID:   o.Actor.ID,
		Title:      in.Title,
		Body:       in.Body,
		Recipients: len(backers),
		CreatedAt:  s.clock.Now(),
	}
	if err := s.repos.Updates().Create(ctx, u); err != nil {
		return domain.CampaignUpdate{}, err
	}
	return u, nil
}

func (s *Campaigns) SetPayoutAccount(ctx context.Context, campaignID string, in ports.PayoutAccount, opts ...ports.Option) (domain.Campaign, error) {
	o := ports.Collect(opts)
	c, err := s.repos.Campaigns().Get(ctx, campaignID)
	if err != nil {
		return domain.Campaign{}, err
	}
	if err := ownsCampaign(o.Actor, c); err != nil {
		return domain.Campaign{}, err
	}
	if in.HolderName == "" || (in.IBAN == "" && in.AccountNumber == "") {
		return domain.Campaign{}, domain.Invalid("account", "holder name and IBAN or account number are required")
	}
	ben, err := s.bank.RegisterBeneficiary(ctx, ports.BeneficiaryRequest{
		HolderName:    in.HolderName,
		IBAN:          in.IBAN,
		AccountNumber: in.AccountNumber,
		SortCode:      in.SortCode,
		Country:       in.Country,
		Currency:      c.Currency,
		ExternalRef:   c.ID,
	})
	if err != nil {
		return domain.Campaign{}, fmt.Errorf("register beneficiary: %w", err)
	}
	if err := s.repos.Campaigns().SetPayoutAccount(ctx, c.ID, ben.ID, ben.Last4); err != nil {
		return domain.Campaign{}, err
	}
	c.BeneficiaryRef = ben.ID
	c.PayoutLast4 = ben.Last4
	return c, nil
}
