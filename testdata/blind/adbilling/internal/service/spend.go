package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/ids"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/repository"
)

type SpendService struct {
	tx          db.TxManager
	spend       repository.Spend
	campaigns   repository.Campaigns
	advertisers repository.Advertisers
	publishers  repository.Publishers
	ledger      repository.Ledger
	outbox      outbox.Writer
	log         *slog.Logger
}

func NewSpendService(
	tx db.TxManager,
	spend repository.Spend,
	campaigns repository.Campaigns,
	advertisers repository.Advertisers,
	publishers repository.Publishers,
	ledger repository.Ledger,
	ob outbox.Writer,
	log *slog.Logger,
) *SpendService {
	return &SpendService{
		tx: tx, spend: spend, campaigns: campaigns, advertisers: advertisers,
		publishers: publishers, ledger: ledger, outbox: ob, log: log.With("service", "spend"),
	}
}

// RecordImpression stores a billable impression and adds its cost to the
// campaign's spend. A redelivered impression is ignored.
func (s *SpendService) RecordImpression(ctx context.Context, ev domain.SpendEvent) error {
	ev.Kind = domain.SpendImpression
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		inserted, err := s.spend.InsertEvent(ctx, ev)
		if err != nil || !inserted {
			return err
		}
		return s.applyToCampaign(ctx, ev)
	})
}

// Click is a click from the click stream; clicks are priced from the
// campaign's CPC bid.
type Click struct {
	ClickID      string
	CampaignID   string
	AdvertiserID string
	PublisherID  string
	OccurredAt   time.Time
}

// RecordClick stores a click and, for CPC campaigns, charges the bid.
func (s *SpendService) RecordClick(ctx context.Context, click Click) error {
	c, err := s.campaigns.Get(ctx, click.CampaignID)
	if err != nil {
		return err
	}
	ev := domain.SpendEvent{
		EventID:      click.ClickID,
		Kind:         domain.SpendClick,
		CampaignID:   c.ID,
		AdvertiserID: c.AdvertiserID,
		PublisherID:  click.PublisherID,
		OccurredAt:   click.OccurredAt,
	}
	if c.PricingModel == "cpc" {
		ev.Cost = c.Bid
	}
	inserted, err := s.spend.InsertEvent(ctx, ev)
	if err != nil {
		return err
	}
	if !inserted || ev.Cost == 0 {
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.applyToCampaign(ctx, ev)
	})
}

func (s *SpendService) applyToCampaign(ctx context.Context, ev domain.SpendEvent) error {
	if ev.Cost == 0 {
		return nil
	}
	c, err := s.campaigns.AddSpend(ctx, ev.CampaignID, ev.Cost)
	if err != nil {
		return err
	}
	if c.Status != domain.CampaignActive || c.Spent < c.TotalBudget {
		return nil
	}
	return s.outbox.Add(ctx,
		ids.Derive("evt", c.ID, "budget_exhausted", fmt.Sprint(int64(c.TotalBudget))),
		events.TopicCampaignBudgetExhausted,
		events.CampaignBudgetExhausted{
			CampaignID: c.ID, AdvertiserID: c.AdvertiserID,
			SpentMicros: int64(c.Spent), BudgetMicros: int64(c.TotalBudget),
		})
}

// InvalidTrafficVerdict is emitted by the fraud pipeline when a batch of
// events is classified as invalid traffic after the fact.
type InvalidTrafficVerdict struct {
	VerdictID    string
	CampaignID   string
	AdvertiserID string
	PublisherID  string
	EventIDs     []string
	Amount       domain.Micros
	Reason       string
	DetectedAt   time.Time
}

// RecordInvalidTraffic credits the advertiser for invalid traffic and claws
// back the publisher's revenue share. The adjustments are summarised on the
// month's invoice as a credit note.
func (s *SpendService) RecordInvalidTraffic(ctx context.Context, v InvalidTrafficVerdict) error {
	if v.Amount <= 0 {
		return nil
	}
	pub, err := s.publishers.Get(ctx, v.PublisherID)
	if err != nil {
		return err
	}
	adj := domain.IVTAdjustment{
		ID:           ids.New("ivt"),
		VerdictID:    v.VerdictID,
		CampaignID:   v.CampaignID,
		AdvertiserID: v.AdvertiserID,
		PublisherID:  pub.ID,
		Amount:       v.Amount,
		EventCount:   len(v.EventIDs),
		Reason:       v.Reason,
		DetectedAt:   v.DetectedAt,
	}
	clawback := adj.Amount.Share(pub.RevenueShareBps)
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.spend.InsertIVT(ctx, adj); err != nil {
			return err
		}
		if _, err := s.advertisers.AdjustBalance(ctx, adj.AdvertiserID, adj.Amount); err != nil {
			return err
		}
		if err := s.ledger.Append(ctx, domain.LedgerEntry{
			ID: ids.New("led"), AdvertiserID: adj.AdvertiserID, Type: "ivt_credit",
			Amount: adj.Amount, Reference: adj.ID,
		}); err != nil {
			return err
		}
		return s.publishers.CreditAvailable(ctx, pub.ID, -clawback)
	})
}

// ChargeSummary reports one run of the daily charge.
type ChargeSummary struct {
	Day         string
	Advertisers int
	Total       domain.Micros
}

// ChargeDay aggregates the day's spend per advertiser and debits prepaid
// balances. Advertisers whose balance is exhausted have campaigns paused.
func (s *SpendService) ChargeDay(ctx context.Context, day time.Time) (ChargeSummary, error) {
	day = day.UTC().Truncate(24 * time.Hour)
	dayStr := day.Format(time.DateOnly)
	sum := ChargeSummary{Day: dayStr}

	aggs, err := s.spend.AggregateDay(ctx, day)
	if err != nil {
		return sum, err
	}
	for _, a := range aggs {
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			if err := s.spend.InsertDaily(ctx, domain.DailySpend{
				ID:           ids.New("ds"),
				AdvertiserID: a.AdvertiserID,
				Day:          day,
				Impressions:  a.Impressions,
				Clicks:       a.Clicks,
				Spend:        a.Spend,
			}); err != nil {
				return err
			}
			balance, err := s.advertisers.AdjustBalance(ctx, a.AdvertiserID, -a.Spend)
			if err != nil {
				return err
			}
			if err := s.ledger.Append(ctx, domain.LedgerEntry{
				ID: ids.New("led"), AdvertiserID: a.AdvertiserID, Type: "daily_spend",
				Amount: -a.Spend, Reference: dayStr,
			}); err != nil {
				return err
			}
			if balance <= 0 {
				if _, err := s.campaigns.PauseAllForBalance(ctx, a.AdvertiserID); err != nil {
					return err
				}
			}
			return s.outbox.Add(ctx, ids.Derive("evt", a.AdvertiserID, dayStr, "charged"),
				events.TopicDailySpendCharged, events.DailySpendCharged{
					AdvertiserID: a.AdvertiserID, Day: dayStr,
					SpendMicros: int64(a.Spend), BalanceAfter: int64(balance),
				})
		})
		if err != nil {
			return sum, fmt.Errorf("charge %s for %s: %w", a.AdvertiserID, dayStr, err)
		}
		sum.Advertisers++
		sum.Total += a.Spend
	}
	return sum, nil
}

// AccrueRevenue credits publishers their revenue share of one advertiser's
// charged day.
func (s *SpendService) AccrueRevenue(ctx context.Context, evt events.DailySpendCharged) error {
	day, err := time.Parse(time.DateOnly, evt.Day)
	if err != nil {
		return domain.Invalid("day", err.Error())
	}
	rows, err := s.spend.PublisherSpend(ctx, evt.AdvertiserID, day)
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		for _, r := range rows {
			pub, err := s.publishers.Get(ctx, r.PublisherID)
			if err != nil {
				return fmt.Errorf("publisher %s: %w", r.PublisherID, err)
			}
			share := r.Gross.Share(pub.RevenueShareBps)
			if share == 0 {
				continue
			}
			if err := s.publishers.CreditAvailable(ctx, pub.ID, share); err != nil {
				return err
			}
			if err := s.publishers.AppendEarning(ctx, domain.PublisherEarning{
				ID: ids.New("earn"), PublisherID: pub.ID, AdvertiserID: evt.AdvertiserID,
				Day: day, Gross: r.Gross, Share: share,
			}); err != nil {
				return err
			}
		}
		return nil
	})
}
