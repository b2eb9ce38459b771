package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Meta describes the delivery of a message.
type Meta struct {
	Subject   string
	Stream    string
	Sequence  uint64
	Delivered uint64
	Timestamp time.Time
}

// Handler processes one message. Returning an error naks the message so
// JetStream redelivers it.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// Subscription binds a durable consumer to a Handler.
type Subscription struct {
	Stream     string
	Durable    string
	Subject    string
	MaxDeliver int
	AckWait    time.Duration
	Handle     Handler
}

// ErrPoison marks a message that can never be processed; it is terminated
// instead of redelivered.
var ErrPoison = errors.New("events: poison message")

// JSON decodes the payload into T before calling fn.
func JSON[T any](fn func(ctx context.Context, evt T, meta Meta) error) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var evt T
		if err := json.Unmarshal(msg.Data(), &evt); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPoison, msg.Subject(), err)
		}
		meta := Meta{Subject: msg.Subject()}
		if md, err := msg.Metadata(); err == nil {
			meta.Stream = md.Stream
			meta.Sequence = md.Sequence.Stream
			meta.Delivered = md.NumDelivered
			meta.Timestamp = md.Timestamp
		}
		return fn(ctx, evt, meta)
	}
}

// Runner starts consumers for a set of subscriptions.
type Runner struct {
	js  jetstream.JetStream
	log *slog.Logger
}

// NewRunner builds a Runner.
func NewRunner(js jetstream.JetStream, log *slog.Logger) *Runner {
	return &Runner{js: js, log: log}
}

// Run creates the durable consumers and processes messages until ctx ends.
func (r *Runner) Run(ctx context.Context, subs []Subscription) error {
	var running []jetstream.ConsumeContext
	defer func() {
		for _, cc := range running {
			cc.Stop()
		}
	}()
	for _, s := range subs {
		s := s
		maxDeliver := s.MaxDeliver
		if maxDeliver == 0 {
			maxDeliver = 10
		}
		ackWait := s.AckWait
		if ackWait == 0 {
			ackWait = 30 * time.Second
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, s.Stream, jetstream.ConsumerConfig{
			Durable:       s.Durable,
			FilterSubject: s.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       ackWait,
			MaxDeliver:    maxDeliver,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("events: consumer %s: %w", s.Durable, err)
		}
		cc, err := cons.Consume(func(msg jetstream.Msg) {
			r.dispatch(ctx, s, msg)
		})
		if err != nil {
			return fmt.Errorf("events: consume %s: %w", s.Durable, err)
		}
		running = append(running, cc)
		r.log.Info("consumer started", "durable", s.Durable, "subject", s.Subject)
	}
	<-ctx.Done()
	return nil
}

func (r *Runner) dispatch(ctx context.Context, s Subscription, msg jetstream.Msg) {
	hctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	err := s.Handle(hctx, msg)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			r.log.Warn("ack failed", "durable", s.Durable, "err", ackErr)
		}
	case errors.Is(err, ErrPoison):
		r.log.Error("terminating message", "durable", s.Durable, "subject", msg.Subject(), "err", err)
		_ = msg.Term()
	default:
		delay := 2 * time.Second
		if md, mdErr := msg.Metadata(); mdErr == nil {
			delay = time.Duration(md.NumDelivered) * 5 * time.Second
		}
		r.log.Warn("handler failed, will redeliver", "durable", s.Durable, "subject", msg.Subject(), "err", err)
		_ = msg.NakWithDelay(delay)
	}
}
