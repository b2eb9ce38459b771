package sqsconsumer

import (
	"context"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/fx"

	partner "github.com/harborline/brokerage/internal/clients/inspections"
	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/service/declarations"
	"github.com/harborline/brokerage/internal/service/inspections"
	"github.com/harborline/brokerage/internal/service/shipments"
)

// inspectionEvents routes partner events by type.
func inspectionEvents(svc inspections.Service, log *slog.Logger) HandlerFunc {
	table := map[string]func(context.Context, partner.Event) error{
		partner.EventScheduled: svc.OnScheduled,
		partner.EventCompleted: svc.OnCompleted,
		partner.EventCancelled: svc.OnCancelled,
	}
	return JSON(func(ctx context.Context, evt partner.Event, meta Meta) error {
		h, ok := table[evt.Type]
		if !ok {
			log.Info("ignoring partner event", "type", evt.Type, "message_id", meta.MessageID)
			return nil
		}
		return h(ctx, evt)
	})
}

// carrierArrivals handles arrival notices fanned out from the carrier
// integration's SNS topic.
func carrierArrivals(svc shipments.Arrivals) HandlerFunc {
	return FromSNS(func(ctx context.Context, n shipments.ArrivalNotice, _ Meta) error {
		return svc.HandleArrival(ctx, n)
	})
}

// tariffUpdates applies the authority's tariff feed. Notices without a
// change id are keyed by their SQS message id.
func tariffUpdates(svc declarations.Service) HandlerFunc {
	return JSON(func(ctx context.Context, c declarations.TariffChange, meta Meta) error {
		if c.ChangeID == "" {
			c.ChangeID = "sqs:" + meta.MessageID
		}
		return svc.ApplyTariffChange(ctx, c)
	})
}

type params struct {
	fx.In

	Lifecycle    fx.Lifecycle
	Config       *config.Config
	SQS          *sqs.Client
	Inspections  inspections.Service
	Arrivals     shipments.Arrivals
	Declarations declarations.Service
	Log          *slog.Logger
}

// StartConsumers builds the consumers and ties them to the lifecycle.
func StartConsumers(p params) {
	q := p.Config.Queues
	mk := func(name, url string, h HandlerFunc) *Consumer {
		return &Consumer{
			Name: name, QueueURL: url, Handle: h, API: p.SQS,
			Wait: q.WaitSeconds, MaxBatch: q.MaxMessages, Visibility: q.VisibilitySecs, Log: p.Log,
		}
	}
	g := &Group{consumers: []*Consumer{
		mk("inspection-events", q.InspectionEvents, inspectionEvents(p.Inspections, p.Log)),
		mk("carrier-arrivals", q.CarrierArrivals, carrierArrivals(p.Arrivals)),
		mk("tariff-updates", q.TariffUpdates, tariffUpdates(p.Declarations)),
	}}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error { g.Start(); return nil },
		OnStop:  g.Stop,
	})
}

// Module starts the SQS consumers.
var Module = fx.Module("sqsconsumer", fx.Invoke(StartConsumers))
