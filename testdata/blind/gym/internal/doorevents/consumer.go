// Package doorevents consumes door-access events from NATS JetStream.
package doorevents

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/config"
)

// Binding ties a durable consumer on a subject filter to its handler.
type Binding struct {
	Durable string
	Subject string
	Handle  func(ctx context.Context, ev Event) error
}

func Bindings(h *Handlers) []Binding {
	return []Binding{
		{Durable: "memberships-entry", Subject: "door.events.entry.>", Handle: h.Entry},
		{Durable: "memberships-guest-entry", Subject: "door.events.guest_entry.>", Handle: h.GuestEntry},
		{Durable: "memberships-denied", Subject: "door.events.denied.>", Handle: h.Denied},
	}
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

func permanent(err error) error { return permanentError{err} }

type Runner struct {
	js       jetstream.JetStream
	stream   string
	bindings []Binding
	log      *slog.Logger
	running  []jetstream.ConsumeContext
}

type RunnerParams struct {
	fx.In
	JS       jetstream.JetStream
	Cfg      config.Config
	Bindings []Binding
	Log      *slog.Logger
}

func NewRunner(p RunnerParams) *Runner {
	return &Runner{js: p.JS, stream: p.Cfg.DoorStream, bindings: p.Bindings, log: p.Log.With("component", "door-consumer")}
}

func (r *Runner) Start(ctx context.Context) error {
	for _, b := range r.bindings {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       b.Durable,
			FilterSubject: b.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       30 * time.Second,
			MaxDeliver:    20,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return err
		}
		b := b
		cc, err := cons.Consume(func(msg jetstream.Msg) { r.dispatch(b, msg) })
		if err != nil {
			return err
		}
		r.running = append(r.running, cc)
		r.log.Info("consuming", "durable", b.Durable, "subject", b.Subject)
	}
	return nil
}

func (r *Runner) Stop(context.Context) error {
	for _, cc := range r.running {
		cc.Drain()
	}
	return nil
}

func (r *Runner) dispatch(b Binding, msg jetstream.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()

	var ev Event
	if err := json.Unmarshal(msg.Data(), &ev); err != nil {
		r.log.Error("undecodable door event", "subject", msg.Subject(), "err", err)
		_ = msg.Term()
		return
	}
	if ev.ID == "" {
		ev.ID = msg.Headers().Get("Nats-Msg-Id")
	}
	err := b.Handle(ctx, ev)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			r.log.Warn("ack failed", "event", ev.ID, "err", ackErr)
		}
	case errors.As(err, new(permanentError)):
		r.log.Error("dropping door event", "event", ev.ID, "err", err)
		_ = msg.Term()
	default:
		delay := time.Second
		if md, mdErr := msg.Metadata(); mdErr == nil {
			delay = backoff(md.NumDelivered)
		}
		r.log.Warn("door event failed; will redeliver", "durable", b.Durable, "event", ev.ID, "err", err, "delay", delay)
		_ = msg.NakWithDelay(delay)
	}
}

func backoff(attempt uint64) time.Duration {
	d := time.Second << min(attempt, 8)
	return min(d, 5*time.Minute)
}
