// Package sweep adapts periodic jobs to EventBridge scheduled Lambda
// handlers.
package sweep

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/voltway/charging/internal/cdr"
	"github.com/voltway/charging/internal/faults"
	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/idlefee"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ddbstore"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/logx"
	"github.com/voltway/charging/internal/roaming"
	"github.com/voltway/charging/internal/session"
)

// Handler is an EventBridge scheduled-event handler.
type Handler func(ctx context.Context, ev events.EventBridgeEvent) error

// Leaser grants exclusive leases.
type Leaser interface {
	Acquire(ctx context.Context, name, owner string, ttl time.Duration) error
	Release(ctx context.Context, name, owner string) error
}

// Exclusive runs h only if no other invocation holds the named lease.
func Exclusive(l Leaser, name string, ttl time.Duration, h Handler) Handler {
	return func(ctx context.Context, ev events.EventBridgeEvent) error {
		owner := ids.NewUUID()
		if err := l.Acquire(ctx, name, owner, ttl); err != nil {
			if errors.Is(err, ddbstore.ErrLeaseHeld) {
				logx.From(ctx).Info("sweep already running elsewhere", "lease", name)
				return nil
			}
			return err
		}
		defer func() {
			if err := l.Release(context.WithoutCancel(ctx), name, owner); err != nil {
				logx.From(ctx).Warn("lease release failed", "lease", name, "err", err)
			}
		}()
		return h(ctx, ev)
	}
}

// IdleFees bills idle time (schedule: rate(5 minutes)).
func IdleFees(s *idlefee.Sweeper) Handler {
	return func(ctx context.Context, _ events.EventBridgeEvent) error {
		n, err := s.Run(ctx, time.Now().UTC())
		logx.From(ctx).Info("idle fee sweep", "charged", n)
		return err
	}
}

// StaleHolds releases unused pre-authorisations (schedule: rate(10 minutes)).
func StaleHolds(r *session.HoldReaper) Handler {
	return func(ctx context.Context, ev events.EventBridgeEvent) error {
		n, err := r.Run(ctx, ev.Time)
		logx.From(ctx).Info("stale hold sweep", "released", n)
		return err
	}
}

// MonthlyInvoices issues last month's fleet invoices (schedule:
// cron(0 2 1 * ? *)).
func MonthlyInvoices(s *fleet.Service) Handler {
	return func(ctx context.Context, ev events.EventBridgeEvent) error {
		t := ev.Time.UTC()
		periodEnd := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
		period := periodEnd.AddDate(0, 0, -1).Format("2006-01")
		n, err := s.IssueInvoices(ctx, period, periodEnd)
		logx.From(ctx).Info("monthly invoices", "period", period, "issued", n)
		return err
	}
}

// PartnerLister lists active partners.
type PartnerLister interface {
	ListActive(ctx context.Context, q dbutil.Querier) ([]roaming.Partner, error)
}

// CDRReconcile pulls partner CDRs we may have missed (schedule: rate(1 hour)).
func CDRReconcile(q dbutil.Querier, partners PartnerLister, r *cdr.Reconciler) Handler {
	return func(ctx context.Context, ev events.EventBridgeEvent) error {
		ps, err := partners.ListActive(ctx, q)
		if err != nil {
			return err
		}
		var errs []error
		for _, p := range ps {
			n, err := r.Sync(ctx, p, ev.Time.UTC())
			if err != nil {
				errs = append(errs, fmt.Errorf("partner %s: %w", p.ID, err))
				continue
			}
			logx.From(ctx).Info("cdr reconcile", "partner", p.ID, "cdrs", n)
		}
		return errors.Join(errs...)
	}
}

// FaultEscalations pages on-call for stale tickets (schedule: rate(15 minutes)).
func FaultEscalations(e *faults.Escalator) Handler {
	return func(ctx context.Context, ev events.EventBridgeEvent) error {
		n, err := e.Run(ctx, ev.Time.UTC())
		logx.From(ctx).Info("fault escalations", "sent", n)
		return err
	}
}
