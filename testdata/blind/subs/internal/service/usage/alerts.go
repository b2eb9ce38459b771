package usage

import (
	"context"
	"fmt"
	"time"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/provider/mailer"
	"github.com/meterly/subs/internal/storage/gormrepo"
)

// AlertChecker e-mails the customer the first time usage in the current
// period crosses the plan's alert threshold.
type AlertChecker struct {
	subs      billing.SubscriptionRepository
	customers billing.CustomerRepository
	usage     billing.UsageRepository
	plans     gormrepo.Repo[gormrepo.Plan]
	mail      mailer.Sender
}

func NewAlertChecker(subs billing.SubscriptionRepository, customers billing.CustomerRepository,
	usage billing.UsageRepository, plans gormrepo.Repo[gormrepo.Plan], mail mailer.Sender) *AlertChecker {
	return &AlertChecker{subs: subs, customers: customers, usage: usage, plans: plans, mail: mail}
}

func (a *AlertChecker) Check(ctx context.Context, subscriptionID, metric string) error {
	sub, err := a.subs.Get(ctx, subscriptionID)
	if err != nil {
		return err
	}
	plan, err := a.plans.FindByID(ctx, sub.PlanID)
	if err != nil {
		return err
	}
	if plan.IncludedUnits == 0 || plan.UsageMetric == nil || *plan.UsageMetric != metric {
		return nil
	}
	used, err := a.usage.SumForPeriod(ctx, sub.ID, metric, sub.CurrentPeriodStart, sub.CurrentPeriodEnd)
	if err != nil {
		return err
	}
	pct := int(used * 100 / plan.IncludedUnits)
	if pct < plan.AlertThresholdPct {
		return nil
	}
	already, err := a.usage.AlertSent(ctx, sub.ID, metric, sub.CurrentPeriodStart, plan.AlertThresholdPct)
	if err != nil || already {
		return err
	}
	cust, err := a.customers.Get(ctx, sub.CustomerID)
	if err != nil {
		return err
	}

	if err := a.mail.Send(ctx, mailer.Message{
		To:       cust.Email,
		Template: "usage_threshold",
		Data: map[string]any{
			"metric":     metric,
			"used":       used,
			"included":   plan.IncludedUnits,
			"percent":    pct,
			"period_end": sub.CurrentPeriodEnd.Format(time.DateOnly),
		},
		Tags: []string{"usage-alert"},
	}); err != nil {
		return fmt.Errorf("usage alert: send: %w", err)
	}
	return a.usage.RecordAlert(ctx, sub.ID, metric, sub.CurrentPeriodStart, plan.AlertThresholdPct)
}
