// Package consumers binds the JetStream subscriptions of the dispatcher.
package consumers

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/wire"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/service/billing"
	"github.com/tradeloop/homeservices/internal/service/dispatch"
)

// ProviderSet provides the Consumers.
var ProviderSet = wire.NewSet(wire.Struct(new(Consumers), "*"))

// Consumers routes event subjects to services.
type Consumers struct {
	Dispatch *dispatch.Service
	Payouts  *billing.Payouts
}

// Subscriptions is the dispatcher's subscription table.
func (c *Consumers) Subscriptions() []events.Subscription {
	return []events.Subscription{
		{
			Stream: events.StreamJobs, Durable: "dispatch-job-posted", Subject: events.SubjectJobPosted,
			Handle: timed("job-posted", events.JSON(c.Dispatch.OnJobPosted)),
		},
		{
			Stream: events.StreamDispatch, Durable: "dispatch-offer-accepted", Subject: events.SubjectOfferAccepted,
			Handle: timed("offer-accepted", events.JSON(c.Dispatch.OnOfferAccepted)),
		},
		{
			Stream: events.StreamJobs, Durable: "tracking-job-status", Subject: events.SubjectJobStatusAll,
			Handle: timed("job-status", events.JSON(c.Dispatch.OnStatusChanged)),
		},
		{
			Stream: events.StreamTracking, Durable: "tracking-location", Subject: events.SubjectLocationAll,
			MaxDeliver: 3, AckWait: 10 * time.Second,
			Handle: events.JSON(c.Dispatch.OnLocation),
		},
		{
			Stream: events.StreamJobs, Durable: "billing-job-completed", Subject: events.SubjectJobCompleted,
			Handle: timed("job-completed", events.JSON(c.onJobCompleted)),
		},
	}
}

func (c *Consumers) onJobCompleted(ctx context.Context, evt events.JobCompleted, meta events.Meta) error {
	if meta.Delivered > 1 {
		slog.InfoContext(ctx, "job completed redelivered", "job", evt.JobID, "delivery", meta.Delivered)
	}
	return c.Payouts.OnJobCompleted(ctx, evt)
}

// timed logs slow handlers.
func timed(name string, next events.Handler) events.Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		start := time.Now()
		err := next(ctx, msg)
		if d := time.Since(start); d > 5*time.Second {
			slog.WarnContext(ctx, "slow consumer", "consumer", name, "duration", d, "err", err)
		}
		return err
	}
}
