// Package events consumes the lift controllers' telemetry from NATS
// JetStream. Every consumer is durable with explicit acks: a message that
// is not acked within AckWait, or that is nak'ed, is redelivered.
package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/liftwell-systems/liftcare/internal/service/telemetry"
)

// Stream is the JetStream stream the controllers' gateway publishes to.
const Stream = "LIFT_TELEMETRY"

// route binds one durable consumer to a handler.
type route struct {
	durable string
	subject string
	ackWait time.Duration
	handle  jetstream.MessageHandler
}

// Consumers runs the telemetry consumers.
type Consumers struct {
	js     jetstream.JetStream
	log    *slog.Logger
	routes []route
}

// NewConsumers wires the telemetry service into the route table.
func NewConsumers(js jetstream.JetStream, svc telemetry.Service, log *slog.Logger) *Consumers {
	log = log.With("component", "events")
	return &Consumers{
		js:  js,
		log: log,
		routes: []route{
			{"liftcare-fault-raised", "lift.fault.raised", 30 * time.Second, handle(log, svc.FaultRaised)},
			{"liftcare-fault-cleared", "lift.fault.cleared", 30 * time.Second, handle(log, svc.FaultCleared)},
			{"liftcare-status", "lift.status", 10 * time.Second, handle(log, svc.StatusReported)},
			{"liftcare-firmware", "lift.firmware", 30 * time.Second, handle(log, svc.FirmwareReported)},
		},
	}
}

// EnsureStreams creates or updates the telemetry stream and the stream
// of LiftCare's own domain events. Both de-duplicate on Nats-Msg-Id inside
// their duplicate window.
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	for _, cfg := range []jetstream.StreamConfig{
		{Name: Stream, Subjects: []string{"lift.>"}, MaxAge: 14 * 24 * time.Hour, Duplicates: 2 * time.Minute},
		{Name: "LIFTCARE_EVENTS", Subjects: []string{"liftcare.>"}, MaxAge: 30 * 24 * time.Hour, Duplicates: time.Hour},
	} {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("events: stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}

// Run starts every consumer and blocks until ctx is cancelled.
func (c *Consumers) Run(ctx context.Context) error {
	var running []jetstream.ConsumeContext
	defer func() {
		for _, cc := range running {
			cc.Drain()
		}
		for _, cc := range running {
			<-cc.Closed()
		}
	}()
	for _, r := range c.routes {
		cons, err := c.js.CreateOrUpdateConsumer(ctx, Stream, jetstream.ConsumerConfig{
			Durable:       r.durable,
			FilterSubject: r.subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       r.ackWait,
			MaxAckPending: 256,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("events: consumer %s: %w", r.durable, err)
		}
		cc, err := cons.Consume(r.handle)
		if err != nil {
			return fmt.Errorf("events: consume %s: %w", r.durable, err)
		}
		running = append(running, cc)
		c.log.Info("consumer started", "durable", r.durable, "subject", r.subject)
	}
	<-ctx.Done()
	return nil
}

// handle adapts a typed service method into a JetStream message handler:
// decode, call, then ack; nak with backoff on failure so the message is
// redelivered.
func handle[T any](log *slog.Logger, fn func(context.Context, T) error) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
		defer cancel()

		var evt T
		if err := json.Unmarshal(msg.Data(), &evt); err != nil {
			log.Warn("undecodable message", "subject", msg.Subject(), "err", err)
			_ = msg.TermWithReason("undecodable")
			return
		}
		if err := fn(ctx, evt); err != nil {
			if errors.Is(err, telemetry.ErrUnknownController) {
				log.Warn("message for unknown controller", "subject", msg.Subject(), "err", err)
				_ = msg.TermWithReason("unknown controller")
				return
			}
			delay := backoff(msg)
			log.Error("handler failed, will redeliver", "subject", msg.Subject(), "delay", delay, "err", err)
			_ = msg.NakWithDelay(delay)
			return
		}
		if err := msg.Ack(); err != nil {
			log.Warn("ack failed", "subject", msg.Subject(), "err", err)
		}
	}
}

func backoff(msg jetstream.Msg) time.Duration {
	meta, err := msg.Metadata()
	if err != nil || meta.NumDelivered == 0 {
		return time.Second
	}
	d := time.Duration(meta.NumDelivered) * 2 * time.Second
	return min(d, time.Minute)
}
