// Package subscription implements plan changes and cancellation.
package subscription

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/storage/gormrepo"
)

type Service struct {
	db       *sqlx.DB
	subs     billing.SubscriptionRepository
	invoices billing.InvoiceRepository
	outbox   billing.OutboxRepository
	plans    gormrepo.Repo[gormrepo.Plan]
	now      func() time.Time
	log      *slog.Logger
}

func NewService(db *sqlx.DB, subs billing.SubscriptionRepository, invoices billing.InvoiceRepository,
	outbox billing.OutboxRepository, plans gormrepo.Repo[gormrepo.Plan], log *slog.Logger) *Service {
	return &Service{db: db, subs: subs, invoices: invoices, outbox: outbox, plans: plans,
		now: time.Now, log: log.With("service", "subscription")}
}

type ChangeResult struct {
	Subscription  billing.Subscription `json:"subscription"`
	ProratedCents int64                `json:"prorated_cents"`
	AlreadyOnPlan bool                 `json:"already_on_plan"`
}

// ChangePlan switches the subscription to newPlanID immediately and stages
// proration items for the next invoice.
func (s *Service) ChangePlan(ctx context.Context, subscriptionID, newPlanID string) (ChangeResult, error) {
	sub, err := s.subs.Get(ctx, subscriptionID)
	if err != nil {
		return ChangeResult{}, err
	}
	if sub.Status == billing.SubscriptionCanceled {
		return ChangeResult{}, fmt.Errorf("change plan: subscription %s is canceled: %w", sub.ID, billing.ErrInvalidState)
	}
	if sub.PlanID == newPlanID {
		return ChangeResult{Subscription: sub, AlreadyOnPlan: true}, nil
	}

	oldPlan, err := s.plans.FindByID(ctx, sub.PlanID)
	if err != nil {
		return ChangeResult{}, fmt.Errorf("change plan: current plan: %w", err)
	}
	newPlan, err := s.plans.FindByID(ctx, newPlanID, gormrepo.Where("active = ?", true))
	if err != nil {
		return ChangeResult{}, fmt.Errorf("change plan: target plan: %w", err)
	}
	if oldPlan.Currency != newPlan.Currency {
		return ChangeResult{}, errors.New("change plan: currency mismatch")
	}

	now := s.now().UTC()
	pr := Prorate(*oldPlan, *newPlan, sub.CurrentPeriodStart, sub.CurrentPeriodEnd, now)

	if err := s.subs.UpdatePlan(ctx, sub.ID, newPlan.ID, sub.Version); err != nil {
		return ChangeResult{}, fmt.Errorf("change plan: %w", err)
	}

	version := strconv.Itoa(sub.Version + 1)
	items := []billing.InvoiceItem{
		{
			ID:             ids.Derived("ii", sub.ID, "v"+version, "unused"),
			SubscriptionID: sub.ID,
			Kind:           "proration",
			Description:    fmt.Sprintf("Unused time on %s", oldPlan.Name),
			Quantity:       1,
			AmountCents:    pr.UnusedCreditCents,
		},
		{
			ID:             ids.Derived("ii", sub.ID, "v"+version, "remaining"),
			SubscriptionID: sub.ID,
			Kind:           "proration",
			Description:    fmt.Sprintf("Remaining time on %s", newPlan.Name),
			Quantity:       1,
			AmountCents:    pr.RemainingChargeCents,
		},
	}
	for _, it := range items {
		if it.AmountCents == 0 {
			continue
		}
		if err := s.invoices.AddPendingItem(ctx, it); err != nil {
			return ChangeResult{}, fmt.Errorf("change plan: stage proration: %w", err)
		}
	}

	sub.PlanID = newPlan.ID
	sub.Version++
	s.log.InfoContext(ctx, "plan changed", "subscription_id", sub.ID, "from", oldPlan.ID, "to", newPlan.ID,
		"prorated_cents", pr.Net())
	return ChangeResult{Subscription: sub, ProratedCents: pr.Net()}, nil
}

type canceledEvent struct {
	SubscriptionID string    `json:"subscription_id"`
	CustomerID     string    `json:"customer_id"`
	AtPeriodEnd    bool      `json:"at_period_end"`
	CanceledAt     time.Time `json:"canceled_at"`
}

// Cancel cancels the subscription now or at the end of the period. The
// status check, the update and the outbox event share one transaction.
func (s *Service) Cancel(ctx context.Context, subscriptionID string, atPeriodEnd bool) (billing.Subscription, error) {
	return txn.Run(ctx, s.db, func(tx *sqlx.Tx) (billing.Subscription, error) {
		subs := s.subs.WithTx(tx)
		sub, err := subs.GetForUpdate(ctx, subscriptionID)
		if err != nil {
			return billing.Subscription{}, err
		}
		if sub.Status == billing.SubscriptionCanceled || (atPeriodEnd && sub.CancelAtPeriodEnd) {
			return sub, nil
		}
		now := s.now().UTC()
		if err := subs.Cancel(ctx, sub.ID, now, atPeriodEnd); err != nil {
			return billing.Subscription{}, err
		}
		eventID := fmt.Sprintf("subcancel_%s_%d", sub.ID, now.UnixNano())
		if err := s.outbox.WithTx(tx).Add(ctx, eventID, billing.SubjectSubscriptionCanceled, canceledEvent{
			SubscriptionID: sub.ID,
			CustomerID:     sub.CustomerID,
			AtPeriodEnd:    atPeriodEnd,
			CanceledAt:     now,
		}); err != nil {
			return billing.Subscription{}, err
		}
		return subs.Get(ctx, sub.ID)
	})
}
