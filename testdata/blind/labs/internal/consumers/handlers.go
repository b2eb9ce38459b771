package consumers

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/inbox"
	"github.com/meridianlabs/labs/internal/service/alerts"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/service/results"
)

// Deps are the services the consumers call.
type Deps struct {
	Billing   *billing.Service
	PriorAuth *priorauth.Service
	Results   *results.Service
	Alerts    *alerts.Service
	Inbox     *inbox.Inbox
	Log       *slog.Logger
}

// Routes returns the consumer table.
func Routes(d Deps) []Route {
	capture := chargeCapture{billing: d.Billing, inbox: d.Inbox, log: d.Log}
	return []Route{
		{
			Name:  "billing.open_encounter",
			Topic: events.TopicOrderPlaced,
			Handler: on(func(ctx context.Context, _ *message.Message, evt events.OrderPlaced) error {
				return d.Billing.OpenEncounter(ctx, evt)
			}),
		},
		{
			Name:  "priorauth.schedule",
			Topic: events.TopicOrderPlaced,
			Handler: on(func(ctx context.Context, msg *message.Message, evt events.OrderPlaced) error {
				return d.PriorAuth.ScheduleCheck(ctx, msg.UUID, evt)
			}),
		},
		{
			Name:  "billing.release_deposit",
			Topic: events.TopicOrderCancelled,
			Handler: on(func(ctx context.Context, _ *message.Message, evt events.OrderCancelled) error {
				return d.Billing.ReleaseDeposit(ctx, evt)
			}),
		},
		{
			Name:    chargeCaptureName,
			Topic:   events.TopicResultFinalized,
			Handler: on(capture.handle),
		},
		{
			Name:  "ehr.queue_publication",
			Topic: events.TopicResultFinalized,
			Handler: on(func(ctx context.Context, _ *message.Message, evt events.ResultFinalized) error {
				return d.Results.QueuePublication(ctx, evt)
			}),
		},
		{
			Name:  "notify.results_ready",
			Topic: events.TopicResultFinalized,
			Handler: on(func(ctx context.Context, _ *message.Message, evt events.ResultFinalized) error {
				return d.Results.ScheduleResultsReady(ctx, evt)
			}),
		},
		{
			Name:  "alerts.notify_critical",
			Topic: events.TopicResultCritical,
			Handler: on(func(ctx context.Context, _ *message.Message, evt events.ResultCritical) error {
				return d.Alerts.NotifyCritical(ctx, evt)
			}),
		},
		{
			Name:  "ehr.publish_amendment",
			Topic: events.TopicResultAmended,
			Handler: on(func(ctx context.Context, _ *message.Message, evt events.ResultAmended) error {
				return d.Results.PublishAmendment(ctx, evt)
			}),
		},
	}
}

const chargeCaptureName = "billing.capture_charges"

// chargeCapture turns finalized results into charge lines.
type chargeCapture struct {
	billing *billing.Service
	inbox   *inbox.Inbox
	log     *slog.Logger
}

func (c chargeCapture) handle(ctx context.Context, msg *message.Message, evt events.ResultFinalized) error {
	seen, err := c.inbox.Seen(ctx, chargeCaptureName, msg.UUID)
	if err != nil {
		return err
	}
	if seen {
		c.log.DebugContext(ctx, "charge capture already processed", "message_id", msg.UUID)
		return nil
	}
	if err := c.billing.CaptureCharges(ctx, evt); err != nil {
		return err
	}
	return c.inbox.Mark(ctx, chargeCaptureName, msg.UUID)
}
