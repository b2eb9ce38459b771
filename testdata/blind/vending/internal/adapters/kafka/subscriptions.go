package kafka

import (
	"context"
	"encoding/json"
	"log/slog"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/domain"
)

// Telemetry topics, one per event kind. Machines publish through the IoT
// bridge keyed by machine id, so one machine's events stay ordered.
const (
	TopicSales        = "telemetry.sales"
	TopicVendFailures = "telemetry.vend-failures"
	TopicFaults       = "telemetry.faults"
	TopicCounters     = "telemetry.counters"
	TopicHeartbeats   = "telemetry.heartbeats"
)

// envelopeHandler decodes the telemetry envelope and its payload into T.
// Undecodable messages are logged and skipped; retrying them cannot help.
func envelopeHandler[T any](log *slog.Logger, fn func(context.Context, domain.Envelope, T) error) HandlerFunc {
	return func(ctx context.Context, m kafkago.Message) error {
		var env domain.Envelope
		if err := json.Unmarshal(m.Value, &env); err != nil {
			log.WarnContext(ctx, "skipping malformed envelope", "topic", m.Topic, "offset", m.Offset, "err", err)
			return nil
		}
		var payload T
		if err := json.Unmarshal(env.Payload, &payload); err != nil {
			log.WarnContext(ctx, "skipping malformed payload", "event_id", env.EventID, "kind", env.Kind, "err", err)
			return nil
		}
		return fn(ctx, env, payload)
	}
}

// TelemetrySubscriptions is the topic table of the telemetry binary.
func TelemetrySubscriptions(svc *app.TelemetryService, log *slog.Logger) []Subscription {
	return []Subscription{
		{Topic: TopicSales, Handler: envelopeHandler(log, svc.HandleSale)},
		{Topic: TopicVendFailures, Handler: envelopeHandler(log, svc.HandleVendFailure)},
		{Topic: TopicFaults, Handler: envelopeHandler(log, svc.HandleFault)},
		{Topic: TopicCounters, Handler: envelopeHandler(log, svc.HandleCounter)},
		{Topic: TopicHeartbeats, Handler: envelopeHandler(log, svc.HandleHeartbeat)},
	}
}

// LowStockSubscription feeds outbox-published low-stock events to the
// restock service.
func LowStockSubscription(svc *app.RestockService, log *slog.Logger) Subscription {
	return Subscription{
		Topic: app.TopicLowStock,
		Handler: func(ctx context.Context, m kafkago.Message) error {
			var ev domain.LowStock
			if err := json.Unmarshal(m.Value, &ev); err != nil {
				log.WarnContext(ctx, "skipping malformed low-stock event", "offset", m.Offset, "err", err)
				return nil
			}
			return svc.AutoReplenish(ctx, ev)
		},
	}
}
