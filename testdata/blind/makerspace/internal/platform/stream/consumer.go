package stream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/kerfhall/makerspace/internal/platform/retryx"
)

// HandlerFunc processes one message. Returning nil acks it; returning an error
// naks it with a backoff delay; returning a Permanent error terminates it.
type HandlerFunc func(ctx context.Context, msg jetstream.Msg) error

// Route binds a subject filter on a stream to a durable pull consumer and a handler.
type Route struct {
	Stream     string
	Subject    string
	Durable    string
	Handler    HandlerFunc
	MaxDeliver int
	AckWait    time.Duration
	// Timeout bounds one handler invocation; zero means AckWait minus a margin.
	Timeout time.Duration
}

type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent wraps err so the runner terminates the message instead of redelivering it.
func Permanent(err error) error { return permanentError{err: err} }

// JSON adapts a typed handler into a HandlerFunc. Payloads that do not decode
// are terminated, since redelivery cannot fix them.
func JSON[T any](fn func(ctx context.Context, v T) error) HandlerFunc {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", msg.Subject(), err))
		}
		return fn(ctx, v)
	}
}

// Delivery describes where a message sits in its stream.
type Delivery struct {
	Stream       string
	Consumer     string
	StreamSeq    uint64
	NumDelivered uint64
	Subject      string
	PublishedAt  time.Time
}

// JSONWithDelivery is JSON but also hands the handler the delivery metadata.
func JSONWithDelivery[T any](fn func(ctx context.Context, d Delivery, v T) error) HandlerFunc {
	return func(ctx context.Context, msg jetstream.Msg) error {
		meta, err := msg.Metadata()
		if err != nil {
			return Permanent(fmt.Errorf("metadata %s: %w", msg.Subject(), err))
		}
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", msg.Subject(), err))
		}
		d := Delivery{
			Stream:       meta.Stream,
			Consumer:     meta.Consumer,
			StreamSeq:    meta.Sequence.Stream,
			NumDelivered: meta.NumDelivered,
			Subject:      msg.Subject(),
			PublishedAt:  meta.Timestamp,
		}
		return fn(ctx, d, v)
	}
}

// Runner owns the consume loops for a set of routes.
type Runner struct {
	js     jetstream.JetStream
	routes []Route
	log    *slog.Logger

	mu   sync.Mutex
	ccs  []jetstream.ConsumeContext
	wg   sync.WaitGroup
	base context.Context
}

// NewRunner returns a Runner for routes.
func NewRunner(js jetstream.JetStream, routes []Route, log *slog.Logger) *Runner {
	return &Runner{js: js, routes: routes, log: log}
}

// Start provisions each durable consumer and begins pulling.
func (r *Runner) Start(ctx context.Context) error {
	r.base = ctx
	for _, rt := range r.routes {
		rt := rt
		if rt.MaxDeliver == 0 {
			rt.MaxDeliver = 20
		}
		if rt.AckWait == 0 {
			rt.AckWait = 60 * time.Second
		}
		if rt.Timeout == 0 {
			rt.Timeout = rt.AckWait - 5*time.Second
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, rt.Stream, jetstream.ConsumerConfig{
			Durable:       rt.Durable,
			FilterSubject: rt.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       rt.AckWait,
			MaxDeliver:    rt.MaxDeliver,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("consumer %s: %w", rt.Durable, err)
		}
		cc, err := cons.Consume(func(msg jetstream.Msg) { r.dispatch(rt, msg) },
			jetstream.PullMaxMessages(32),
			jetstream.PullExpiry(30*time.Second),
		)
		if err != nil {
			return fmt.Errorf("consume %s: %w", rt.Durable, err)
		}
		r.mu.Lock()
		r.ccs = append(r.ccs, cc)
		r.mu.Unlock()
		r.log.Info("consumer started", "durable", rt.Durable, "subject", rt.Subject)
	}
	return nil
}

func (r *Runner) dispatch(rt Route, msg jetstream.Msg) {
	r.wg.Add(1)
	defer r.wg.Done()

	ctx, cancel := context.WithTimeout(r.base, rt.Timeout)
	defer cancel()

	err := rt.Handler(ctx, msg)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			r.log.Warn("ack failed", "durable", rt.Durable, "subject", msg.Subject(), "err", ackErr)
		}
	case errors.As(err, new(permanentError)):
		r.log.Error("terminating message", "durable", rt.Durable, "subject", msg.Subject(), "err", err)
		_ = msg.Term()
	default:
		var n uint64 = 1
		if meta, mErr := msg.Metadata(); mErr == nil {
			n = meta.NumDelivered
		}
		delay := retryx.NextDelay(n)
		r.log.Warn("handler failed, redelivering", "durable", rt.Durable, "subject", msg.Subject(),
			"delivery", n, "delay", delay, "err", err)
		_ = msg.NakWithDelay(delay)
	}
}

// Stop drains the consume loops and waits for in-flight handlers.
func (r *Runner) Stop() {
	r.mu.Lock()
	for _, cc := range r.ccs {
		cc.Drain()
	}
	r.mu.Unlock()
	r.wg.Wait()
}
