// Package consumer runs the JetStream consumers for events published by the
// registry partner bridge.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/terravault/carbonreg/internal/service"
)

// Handler processes one message. Returning nil acks it; an error naks it for
// redelivery; a permanent error terminates it.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// Route binds a subject to a durable consumer and its handler.
type Route struct {
	Subject string
	Durable string
	Handler Handler
}

// permanent wraps errors that redelivery cannot fix.
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// JSON adapts a typed handler: the message body is decoded into T first.
func JSON[T any](fn func(ctx context.Context, v T) error) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return permanent{fmt.Errorf("decode %s: %w", msg.Subject(), err)}
		}
		return fn(ctx, v)
	}
}

// Runner owns the consumers of one stream.
type Runner struct {
	js      jetstream.JetStream
	stream  string
	routes  []Route
	log     *slog.Logger
	timeout time.Duration
}

// NewRunner returns a Runner for stream.
func NewRunner(js jetstream.JetStream, stream string, routes []Route, log *slog.Logger) *Runner {
	return &Runner{js: js, stream: stream, routes: routes, log: log, timeout: 25 * time.Second}
}

// Run starts every route and blocks until ctx is done.
func (r *Runner) Run(ctx context.Context) error {
	var running []jetstream.ConsumeContext
	defer func() {
		for _, cc := range running {
			cc.Drain()
		}
	}()
	for _, route := range r.routes {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       route.Durable,
			FilterSubject: route.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       30 * time.Second,
			MaxDeliver:    12,
			BackOff:       []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute},
		})
		if err != nil {
			return fmt.Errorf("consumer %s: %w", route.Durable, err)
		}
		cc, err := cons.Consume(r.dispatch(ctx, route))
		if err != nil {
			return fmt.Errorf("consume %s: %w", route.Durable, err)
		}
		running = append(running, cc)
		r.log.Info("consumer started", "subject", route.Subject, "durable", route.Durable)
	}
	<-ctx.Done()
	return nil
}

func (r *Runner) dispatch(parent context.Context, route Route) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		ctx, cancel := context.WithTimeout(parent, r.timeout)
		defer cancel()
		meta, _ := msg.Metadata()
		log := r.log.With("subject", msg.Subject(), "durable", route.Durable)
		if meta != nil {
			log = log.With("stream_seq", meta.Sequence.Stream, "delivered", meta.NumDelivered)
		}
		err := route.Handler(ctx, msg)
		var perm permanent
		switch {
		case err == nil:
			if err := msg.Ack(); err != nil {
				log.Warn("ack failed", "err", err)
			}
		case errors.As(err, &perm), errors.Is(err, service.ErrInvalid), errors.Is(err, service.ErrNotFound):
			log.Error("message dropped", "err", err)
			_ = msg.Term()
		default:
			log.Warn("message failed, will be redelivered", "err", err)
			_ = msg.Nak()
		}
	}
}
