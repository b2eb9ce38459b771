package consumer

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Dispatcher runs one durable pull consumer per stream in the registry.
type Dispatcher struct {
	js         jetstream.JetStream
	reg        *Registry
	prefix     string
	ackWait    time.Duration
	maxDeliver int
	timeout    time.Duration
	log        *slog.Logger
}

// DispatcherOption configures a Dispatcher.
type DispatcherOption func(*Dispatcher)

// WithAckWait sets how long JetStream waits for an ack before redelivering.
func WithAckWait(w time.Duration) DispatcherOption { return func(d *Dispatcher) { d.ackWait = w } }

// WithMaxDeliver caps delivery attempts per message.
func WithMaxDeliver(n int) DispatcherOption { return func(d *Dispatcher) { d.maxDeliver = n } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) DispatcherOption { return func(d *Dispatcher) { d.log = l } }

// NewDispatcher returns a Dispatcher.
func NewDispatcher(js jetstream.JetStream, reg *Registry, opts ...DispatcherOption) *Dispatcher {
	d := &Dispatcher{
		js: js, reg: reg, prefix: "snowplow",
		ackWait: 30 * time.Second, maxDeliver: 20, timeout: 25 * time.Second,
		log: slog.Default(),
	}
	for _, o := range opts {
		o(d)
	}
	return d
}

// Run consumes every registered stream until ctx is cancelled.
func (d *Dispatcher) Run(ctx context.Context) error {
	var stops []jetstream.ConsumeContext
	defer func() {
		for _, s := range stops {
			s.Stop()
		}
	}()
	for _, stream := range d.reg.Streams() {
		cons, err := d.js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
			Durable:        d.prefix + "-" + stream,
			FilterSubjects: d.reg.Subjects(stream),
			AckPolicy:      jetstream.AckExplicitPolicy,
			AckWait:        d.ackWait,
			MaxDeliver:     d.maxDeliver,
			DeliverPolicy:  jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("consumer for %s: %w", stream, err)
		}
		cc, err := cons.Consume(func(msg jetstream.Msg) { d.handle(ctx, msg) })
		if err != nil {
			return fmt.Errorf("consume %s: %w", stream, err)
		}
		stops = append(stops, cc)
		d.log.InfoContext(ctx, "consuming", "stream", stream, "subjects", d.reg.Subjects(stream))
	}
	<-ctx.Done()
	return nil
}

func (d *Dispatcher) handle(ctx context.Context, msg jetstream.Msg) {
	log := d.log.With("subject", msg.Subject(), "msg_id", MessageID(msg))
	h, ok := d.reg.Lookup(msg.Subject())
	if !ok {
		log.WarnContext(ctx, "no handler for subject")
		_ = msg.Term()
		return
	}

	hctx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	err := h(hctx, msg)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			log.WarnContext(ctx, "ack", "err", ackErr)
		}
	case IsPermanent(err):
		log.ErrorContext(ctx, "dropping message", "err", err)
		_ = msg.Term()
	default:
		delay := time.Second
		if md, mdErr := msg.Metadata(); mdErr == nil {
			delay = backoff(md.NumDelivered)
		}
		log.WarnContext(ctx, "handler failed, will retry", "err", err, "delay", delay)
		_ = msg.NakWithDelay(delay)
	}
}

func backoff(delivered uint64) time.Duration {
	d := time.Second << min(delivered, 8)
	return min(d, 5*time.Minute)
}
