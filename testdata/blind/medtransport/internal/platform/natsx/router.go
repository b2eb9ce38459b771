// Package natsx wraps the JetStream client: stream setup, a subject router
// for pull consumers, handler middleware and a JSON publisher.
package natsx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Handler processes one JetStream message. Returning nil acks the message;
// returning an error naks it for redelivery unless it wraps ErrPermanent.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// Middleware decorates a Handler.
type Middleware func(subject string, next Handler) Handler

// ErrPermanent marks a failure that redelivery cannot fix.
var ErrPermanent = errors.New("permanent failure")

// Permanent wraps err so that the router terminates the message.
func Permanent(err error) error {
	return fmt.Errorf("%w: %w", ErrPermanent, err)
}

// Routes maps a subject to its handler.
type Routes map[string]Handler

// Router dispatches messages from one consumer by subject.
type Router struct {
	routes     Routes
	log        *slog.Logger
	maxBackoff time.Duration
	handlerTTL time.Duration
}

func NewRouter(log *slog.Logger, routes Routes, mws ...Middleware) *Router {
	wrapped := make(Routes, len(routes))
	for subject, h := range routes {
		for i := len(mws) - 1; i >= 0; i-- {
			h = mws[i](subject, h)
		}
		wrapped[subject] = h
	}
	return &Router{routes: wrapped, log: log, maxBackoff: 2 * time.Minute, handlerTTL: 45 * time.Second}
}

// Subjects lists the subjects the router handles, for FilterSubjects.
func (r *Router) Subjects() []string {
	out := make([]string, 0, len(r.routes))
	for s := range r.routes {
		out = append(out, s)
	}
	return out
}

// Run consumes until ctx is cancelled.
func (r *Router) Run(ctx context.Context, cons jetstream.Consumer) error {
	cc, err := cons.Consume(func(msg jetstream.Msg) {
		r.dispatch(ctx, msg)
	})
	if err != nil {
		return fmt.Errorf("consume: %w", err)
	}
	<-ctx.Done()
	cc.Stop()
	return nil
}

func (r *Router) dispatch(parent context.Context, msg jetstream.Msg) {
	h, ok := r.routes[msg.Subject()]
	if !ok {
		r.log.Warn("no handler for subject", "subject", msg.Subject())
		_ = msg.Term()
		return
	}

	ctx, cancel := context.WithTimeout(parent, r.handlerTTL)
	defer cancel()

	err := h(ctx, msg)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			r.log.Warn("ack failed", "subject", msg.Subject(), "err", ackErr)
		}
	case errors.Is(err, ErrPermanent):
		r.log.Error("terminating message", "subject", msg.Subject(), "err", err)
		_ = msg.TermWithReason(err.Error())
	default:
		delay := r.backoff(msg)
		r.log.Warn("handler failed, redelivering", "subject", msg.Subject(), "delay", delay, "err", err)
		_ = msg.NakWithDelay(delay)
	}
}

func (r *Router) backoff(msg jetstream.Msg) time.Duration {
	md, err := msg.Metadata()
	if err != nil || md.NumDelivered == 0 {
		return time.Second
	}
	d := time.Duration(1<<min(md.NumDelivered, 8)) * time.Second
	return min(d, r.maxBackoff)
}

// MessageID returns the publisher-assigned Nats-Msg-Id header, falling back
// to the stream sequence so that every message has a stable identity.
func MessageID(msg jetstream.Msg) string {
	if id := msg.Headers().Get(jetstream.MsgIDHeader); id != "" {
		return id
	}
	if md, err := msg.Metadata(); err == nil {
		return fmt.Sprintf("%s:%d", md.Stream, md.Sequence.Stream)
	}
	return ""
}

// Logging logs handler duration and outcome.
func Logging(log *slog.Logger) Middleware {
	return func(subject string, next Handler) Handler {
		return func(ctx context.Context, msg jetstream.Msg) error {
			start := time.Now()
			err := next(ctx, msg)
			log.Debug("handled", "subject", subject, "msg_id", MessageID(msg), "took", time.Since(start), "err", err)
			return err
		}
	}
}
