// Package worker registers the job handlers run by labs-worker. A job
// that returns an error is put back with backoff and run again; a job
// whose worker dies is run again when its lease expires.
package worker

import (
	"context"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/service/alerts"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/logistics"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/service/results"
)

// Deps are the services the job handlers call.
type Deps struct {
	Logistics *logistics.Service
	Results   *results.Service
	Billing   *billing.Service
	Alerts    *alerts.Service
	PriorAuth *priorauth.Service
}

// Register adds every job handler to reg.
func Register(reg *jobs.Registry, d Deps) {
	for kind, h := range handlers(d) {
		reg.Register(kind, h)
	}
}

func handlers(d Deps) map[string]jobs.Handler {
	return map[string]jobs.Handler{
		jobs.KindBookPickup: jobs.Typed(func(ctx context.Context, _ jobs.Job, p logistics.BookPickupPayload) error {
			return d.Logistics.BookPickup(ctx, p.PickupID)
		}),
		jobs.KindPublishResult: jobs.Typed(func(ctx context.Context, _ jobs.Job, p results.PublishPayload) error {
			return d.Results.PublishResult(ctx, p)
		}),
		jobs.KindBuildClaim: jobs.Typed(func(ctx context.Context, _ jobs.Job, p billing.ClaimPayload) error {
			return d.Billing.BuildClaim(ctx, p.EncounterID)
		}),
		jobs.KindSubmitClaim: jobs.Typed(func(ctx context.Context, _ jobs.Job, p billing.ClaimPayload) error {
			return d.Billing.SubmitClaim(ctx, p.ClaimID)
		}),
		jobs.KindAutopay: jobs.Typed(func(ctx context.Context, _ jobs.Job, p billing.AutopayPayload) error {
			return d.Billing.Autopay(ctx, p.InvoiceID)
		}),
		jobs.KindResultsReadySMS: jobs.Typed(func(ctx context.Context, _ jobs.Job, p results.ResultsReadyPayload) error {
			return d.Alerts.SendResultsReady(ctx, p.NotificationID)
		}),
		jobs.KindEscalateCritical: jobs.Typed(func(ctx context.Context, _ jobs.Job, p alerts.EscalatePayload) error {
			return d.Alerts.Escalate(ctx, p)
		}),
		jobs.KindPriorAuthCheck: jobs.Typed(func(ctx context.Context, _ jobs.Job, p priorauth.CheckPayload) error {
			_, err := d.PriorAuth.Check(ctx, p.OrderID)
			if err == priorauth.ErrNoCoverage {
				return jobs.Permanent(err)
			}
			return err
		}),
	}
}
