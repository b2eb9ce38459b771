// Package posevents consumes POS partner events (and our own outbound POS
// queue) from NATS JetStream and routes them by subject.
package posevents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// ErrPermanent marks a message that will never succeed; it is terminated
// instead of being redelivered.
var ErrPermanent = errors.New("posevents: permanent failure")

// HandlerFunc processes one message. Returning nil acks it.
type HandlerFunc func(ctx context.Context, msg jetstream.Msg) error

// Router dispatches messages to handlers keyed by exact subject.
type Router struct {
	routes  map[string]HandlerFunc
	timeout time.Duration
	log     *slog.Logger
}

func NewRouter(log *slog.Logger) *Router {
	return &Router{routes: make(map[string]HandlerFunc), timeout: 30 * time.Second, log: log}
}

// Handle registers h for subject. Registering a subject twice panics.
func (r *Router) Handle(subject string, h HandlerFunc) {
	if _, dup := r.routes[subject]; dup {
		panic("posevents: duplicate route for " + subject)
	}
	r.routes[subject] = h
}

// Subjects lists the registered subjects.
func (r *Router) Subjects() []string {
	out := make([]string, 0, len(r.routes))
	for s := range r.routes {
		out = append(out, s)
	}
	return out
}

// Dispatch is the jetstream.MessageHandler for all consumers.
func (r *Router) Dispatch(msg jetstream.Msg) {
	log := r.log.With("subject", msg.Subject())
	if md, err := msg.Metadata(); err == nil {
		log = log.With("stream_seq", md.Sequence.Stream, "delivered", md.NumDelivered)
	}
	h, ok := r.routes[msg.Subject()]
	if !ok {
		log.Warn("no route for subject; terminating")
		_ = msg.TermWithReason("no route")
		return
	}

	ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
	defer cancel()

	err := h(ctx, msg)
	switch {
	case err == nil:
		if err := msg.Ack(); err != nil {
			log.Warn("ack failed", "err", err)
		}
	case errors.Is(err, ErrPermanent):
		log.Error("permanent failure; terminating", "err", err)
		_ = msg.TermWithReason(err.Error())
	default:
		log.Warn("handler failed; will redeliver", "err", err)
		_ = msg.NakWithDelay(backoff(msg))
	}
}

func backoff(msg jetstream.Msg) time.Duration {
	md, err := msg.Metadata()
	if err != nil || md.NumDelivered < 1 {
		return time.Second
	}
	d := time.Duration(1<<min(md.NumDelivered, 8)) * time.Second
	return min(d, 5*time.Minute)
}

// decode unmarshals a message body into T, marking malformed bodies as
// permanent failures.
func decode[T any](msg jetstream.Msg) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Data(), &v); err != nil {
		return v, fmt.Errorf("%w: decode %s: %v", ErrPermanent, msg.Subject(), err)
	}
	return v, nil
}

// typed adapts a function over a decoded payload into a HandlerFunc.
func typed[T any](fn func(ctx context.Context, evt T) error) HandlerFunc {
	return func(ctx context.Context, msg jetstream.Msg) error {
		evt, err := decode[T](msg)
		if err != nil {
			return err
		}
		return fn(ctx, evt)
	}
}
