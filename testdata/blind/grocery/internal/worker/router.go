// Package worker runs the JetStream pull consumers and periodic jobs.
//
// Consumers are declared as a table of routes (stream, subject, durable
// name, handler). Each route gets its own durable pull consumer with
// explicit acks: a handler error naks the message with a backoff, and
// JetStream redelivers it until MaxDeliver.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// HandlerFunc processes one message. Returning nil acks it.
type HandlerFunc func(ctx context.Context, msg jetstream.Msg) error

// ErrPoison marks a message that can never succeed; it is terminated
// instead of redelivered.
var ErrPoison = errors.New("worker: poison message")

type Route struct {
	Stream     string
	Subject    string
	Durable    string
	Handler    HandlerFunc
	MaxDeliver int
	AckWait    time.Duration
	Batch      int
}

// Typed adapts a handler of a decoded event to a HandlerFunc.
func Typed[T any](fn func(ctx context.Context, ev T) error) HandlerFunc {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var ev T
		if err := json.Unmarshal(msg.Data(), &ev); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPoison, msg.Subject(), err)
		}
		return fn(ctx, ev)
	}
}

type Runner struct {
	js     jetstream.JetStream
	routes []Route
	log    *slog.Logger
}

func NewRunner(js jetstream.JetStream, routes []Route, log *slog.Logger) *Runner {
	return &Runner{js: js, routes: routes, log: log}
}

// Run creates or updates the consumers and pulls from them until ctx is
// cancelled.
func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, rt := range r.routes {
		rt := withDefaults(rt)
		cons, err := r.js.CreateOrUpdateConsumer(ctx, rt.Stream, jetstream.ConsumerConfig{
			Durable:       rt.Durable,
			FilterSubject: rt.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       rt.AckWait,
			MaxDeliver:    rt.MaxDeliver,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("worker: consumer %s: %w", rt.Durable, err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.pull(ctx, rt, cons)
		}()
		r.log.Info("consumer started", "durable", rt.Durable, "subject", rt.Subject)
	}
	<-ctx.Done()
	wg.Wait()
	return nil
}

func withDefaults(rt Route) Route {
	if rt.MaxDeliver == 0 {
		rt.MaxDeliver = 12
	}
	if rt.AckWait == 0 {
		rt.AckWait = 45 * time.Second
	}
	if rt.Batch == 0 {
		rt.Batch = 10
	}
	return rt
}

func (r *Runner) pull(ctx context.Context, rt Route, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		batch, err := cons.Fetch(rt.Batch, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			r.log.Warn("fetch failed", "durable", rt.Durable, "err", err)
			time.Sleep(time.Second)
			continue
		}
		for msg := range batch.Messages() {
			r.handle(ctx, rt, msg)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) && ctx.Err() == nil {
			r.log.Warn("batch error", "durable", rt.Durable, "err", err)
		}
	}
}

func (r *Runner) handle(ctx context.Context, rt Route, msg jetstream.Msg) {
	meta, _ := msg.Metadata()
	hctx, cancel := context.WithTimeout(ctx, rt.AckWait-5*time.Second)
	defer cancel()

	err := rt.Handler(hctx, msg)
	log := r.log.With("durable", rt.Durable, "subject", msg.Subject())
	if meta != nil {
		log = log.With("stream_seq", meta.Sequence.Stream, "delivered", meta.NumDelivered)
	}
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			log.Warn("ack failed", "err", ackErr)
		}
	case errors.Is(err, ErrPoison):
		log.Error("terminating poison message", "err", err)
		_ = msg.Term()
	default:
		delay := backoff(meta)
		log.Warn("handler failed; will redeliver", "err", err, "delay", delay)
		_ = msg.NakWithDelay(delay)
	}
}

func backoff(meta *jetstream.MsgMetadata) time.Duration {
	n := uint64(1)
	if meta != nil && meta.NumDelivered > 0 {
		n = meta.NumDelivered
	}
	d := time.Duration(1<<min(n, 8)) * time.Second
	return min(d, 5*time.Minute)
}
