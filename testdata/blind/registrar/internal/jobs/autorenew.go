package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/model"
)

type ExpiringLister interface {
	ExpiringBetween(ctx context.Context, from, to time.Time, autoRenewOnly bool) ([]model.Domain, error)
}

// AutoRenewals starts a renewal workflow for every auto-renewing domain that
// expires within the lead time.
type AutoRenewals struct {
	domains ExpiringLister
	starter flows.Starter
	lead    time.Duration
	now     func() time.Time
	log     *slog.Logger
}

func NewAutoRenewals(cfg *config.Config, domains ExpiringLister, starter flows.Starter, log *slog.Logger) *AutoRenewals {
	return &AutoRenewals{
		domains: domains, starter: starter,
		lead: time.Duration(cfg.Jobs.AutoRenewLeadDays) * 24 * time.Hour,
		now:  time.Now, log: log,
	}
}

func (j *AutoRenewals) Name() string { return "auto-renewals" }

func (j *AutoRenewals) Run(ctx context.Context) error {
	now := j.now().UTC()
	due, err := j.domains.ExpiringBetween(ctx, now, now.Add(j.lead), true)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		cycle := d.ExpiresAt.UTC().Format("20060102")
		_, err := j.starter.Start(ctx, flows.RenewalWorkflowName, flows.RenewalInput{
			DomainID:       d.ID,
			Years:          1,
			Trigger:        "auto",
			CycleExpiresAt: d.ExpiresAt,
		}, flows.WithID(flows.AutoRenewWorkflowID(d.ID, cycle)), flows.RejectDuplicate())
		if err != nil {
			j.log.Error("auto-renew start failed", "domain", d.Name, "err", err)
			errs = append(errs, err)
		}
	}
	j.log.Info("auto-renewals scheduled", "due", len(due), "failed", len(errs))
	return errors.Join(errs...)
}
