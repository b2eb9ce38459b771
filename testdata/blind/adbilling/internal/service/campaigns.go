package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/ids"
	"github.com/brightlane/adbilling/internal/repository"
)

type CampaignService struct {
	tx          db.TxManager
	campaigns   repository.Campaigns
	advertisers repository.Advertisers
	log         *slog.Logger
}

func NewCampaignService(tx db.TxManager, campaigns repository.Campaigns, advertisers repository.Advertisers, log *slog.Logger) *CampaignService {
	return &CampaignService{tx: tx, campaigns: campaigns, advertisers: advertisers, log: log.With("service", "campaigns")}
}

type CreateCampaignInput struct {
	AdvertiserID string
	ClientRef    string
	Name         string
	PricingModel string
	Bid          domain.Micros
	DailyBudget  domain.Micros
	TotalBudget  domain.Micros
}

func (in CreateCampaignInput) validate() error {
	switch {
	case strings.TrimSpace(in.AdvertiserID) == "":
		return domain.Invalid("advertiser_id", "is required")
	case strings.TrimSpace(in.ClientRef) == "":
		return domain.Invalid("client_ref", "is required")
	case strings.TrimSpace(in.Name) == "":
		return domain.Invalid("name", "is required")
	case in.PricingModel != "cpm" && in.PricingModel != "cpc":
		return domain.Invalid("pricing_model", "must be cpm or cpc")
	case in.Bid <= 0:
		return domain.Invalid("bid_micros", "must be positive")
	case in.DailyBudget <= 0 || in.TotalBudget < in.DailyBudget:
		return domain.Invalid("budget", "daily budget must be positive and not exceed total budget")
	}
	return nil
}

// Create registers a campaign. client_ref is the advertiser's own
// identifier for the campaign and is unique per advertiser.
func (s *CampaignService) Create(ctx context.Context, in CreateCampaignInput) (domain.Campaign, error) {
	if err := in.validate(); err != nil {
		return domain.Campaign{}, err
	}
	adv, err := s.advertisers.Get(ctx, in.AdvertiserID)
	if err != nil {
		return domain.Campaign{}, err
	}
	if adv.Status != domain.AdvertiserActive {
		return domain.Campaign{}, domain.ErrAdvertiserClose
	}
	status := domain.CampaignActive
	if adv.Balance <= 0 {
		status = domain.CampaignPausedBalance
	}
	c := domain.Campaign{
		ID:           ids.New("cmp"),
		AdvertiserID: adv.ID,
		ClientRef:    in.ClientRef,
		Name:         in.Name,
		Status:       status,
		PricingModel: in.PricingModel,
		Bid:          in.Bid,
		DailyBudget:  in.DailyBudget,
		TotalBudget:  in.TotalBudget,
	}
	if err := s.campaigns.Insert(ctx, c); err != nil {
		if db.IsUniqueViolation(err) {
			return domain.Campaign{}, fmt.Errorf("campaign %q already exists: %w", in.ClientRef, domain.ErrConflict)
		}
		return domain.Campaign{}, err
	}
	s.log.Info("campaign created", "campaign_id", c.ID, "advertiser_id", adv.ID)
	return c, nil
}

func (s *CampaignService) Get(ctx context.Context, id string) (domain.Campaign, error) {
	return s.campaigns.Get(ctx, id)
}

type BudgetUpdate struct {
	CampaignID  string
	DailyBudget domain.Micros
	TotalBudget domain.Micros
	Actor       string
	RequestID   string
}

// UpdateBudget sets absolute budget values and appends an audit record.
func (s *CampaignService) UpdateBudget(ctx context.Context, u BudgetUpdate) (domain.Campaign, error) {
	if u.DailyBudget <= 0 || u.TotalBudget < u.DailyBudget {
		return domain.Campaign{}, domain.Invalid("budget", "daily budget must be positive and not exceed total budget")
	}
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		c, err := s.campaigns.GetForUpdate(ctx, u.CampaignID)
		if err != nil {
			return err
		}
		if u.TotalBudget < c.Spent {
			return domain.Invalid("total_budget_micros", "is below amount already spent")
		}
		if err := s.campaigns.UpdateBudget(ctx, c.ID, u.DailyBudget, u.TotalBudget); err != nil {
			return err
		}
		return s.campaigns.AppendBudgetChange(ctx, domain.BudgetChange{
			ID:         ids.New("bch"),
			CampaignID: c.ID,
			RequestID:  u.RequestID,
			OldDaily:   c.DailyBudget,
			NewDaily:   u.DailyBudget,
			OldTotal:   c.TotalBudget,
			NewTotal:   u.TotalBudget,
			ChangedBy:  u.Actor,
		})
	})
	if err != nil {
		return domain.Campaign{}, err
	}
	return s.campaigns.Get(ctx, u.CampaignID)
}

// PauseForBudget stops a campaign whose lifetime budget is spent.
func (s *CampaignService) PauseForBudget(ctx context.Context, evt events.CampaignBudgetExhausted) error {
	paused, err := s.campaigns.TransitionStatus(ctx, evt.CampaignID, domain.CampaignActive, domain.CampaignPausedBudget)
	if err != nil {
		return err
	}
	if paused {
		s.log.Info("campaign paused: budget exhausted", "campaign_id", evt.CampaignID,
			"spent", domain.Micros(evt.SpentMicros).String(), "budget", domain.Micros(evt.BudgetMicros).String())
	}
	return nil
}

// ResumeAfterTopUp reactivates campaigns paused for lack of balance.
func (s *CampaignService) ResumeAfterTopUp(ctx context.Context, evt events.TopUpSucceeded) error {
	adv, err := s.advertisers.Get(ctx, evt.AdvertiserID)
	if err != nil {
		return err
	}
	if adv.Balance <= 0 || adv.Status != domain.AdvertiserActive {
		return nil
	}
	n, err := s.campaigns.ResumeAllForBalance(ctx, adv.ID)
	if err != nil {
		return err
	}
	if n > 0 {
		s.log.Info("campaigns resumed after top-up", "advertiser_id", adv.ID, "count", n)
	}
	return nil
}
