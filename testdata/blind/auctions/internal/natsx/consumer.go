// Package natsx wraps JetStream pull consumers with decoding, logging and
// ack/nak handling so that handlers only see typed deliveries.
package natsx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Delivery is what a handler receives. MsgID is the publisher's
// Nats-Msg-Id; StreamSeq is the message's position in the stream. Both are
// the same on every redelivery of one message.
type Delivery struct {
	Subject      string
	Data         []byte
	MsgID        string
	StreamSeq    uint64
	NumDelivered uint64
}

// Key returns a stable identity for the message.
func (d Delivery) Key() string {
	if d.MsgID != "" {
		return d.MsgID
	}
	return fmt.Sprintf("seq:%d", d.StreamSeq)
}

// Handler processes a delivery. Returning nil acks; returning an error naks
// with backoff; returning a Permanent error terms the message.
type Handler func(ctx context.Context, d Delivery) error

// JSON adapts a typed handler.
func JSON[T any](fn func(ctx context.Context, d Delivery, v T) error) Handler {
	return func(ctx context.Context, d Delivery) error {
		var v T
		if err := json.Unmarshal(d.Data, &v); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", d.Subject, err))
		}
		return fn(ctx, d, v)
	}
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks an error that redelivery cannot fix.
func Permanent(err error) error { return permanentError{err: err} }

// Route binds a durable consumer to a subject and handler.
type Route struct {
	Durable    string
	Subject    string
	Handler    Handler
	MaxDeliver int
	AckWait    time.Duration
}

// Runner runs a set of routes against one stream.
type Runner struct {
	js     jetstream.JetStream
	stream string
	log    *slog.Logger
}

// NewRunner returns a Runner.
func NewRunner(js jetstream.JetStream, stream string, log *slog.Logger) *Runner {
	return &Runner{js: js, stream: stream, log: log}
}

// Run starts every route and blocks until ctx is done.
func (r *Runner) Run(ctx context.Context, routes []Route) error {
	var stops []jetstream.ConsumeContext
	defer func() {
		for _, s := range stops {
			s.Stop()
		}
	}()
	for _, rt := range routes {
		cc, err := r.start(ctx, rt)
		if err != nil {
			return err
		}
		stops = append(stops, cc)
	}
	<-ctx.Done()
	return nil
}

func (r *Runner) start(ctx context.Context, rt Route) (jetstream.ConsumeContext, error) {
	if rt.MaxDeliver == 0 {
		rt.MaxDeliver = 10
	}
	if rt.AckWait == 0 {
		rt.AckWait = 30 * time.Second
	}
	cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
		Durable:       rt.Durable,
		FilterSubject: rt.Subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       rt.AckWait,
		MaxDeliver:    rt.MaxDeliver,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("natsx: consumer %s: %w", rt.Durable, err)
	}
	log := r.log.With("consumer", rt.Durable)
	return cons.Consume(func(m jetstream.Msg) {
		r.dispatch(ctx, log, rt, m)
	})
}

func (r *Runner) dispatch(ctx context.Context, log *slog.Logger, rt Route, m jetstream.Msg) {
	d := Delivery{Subject: m.Subject(), Data: m.Data(), MsgID: m.Headers().Get(jetstream.MsgIDHeader)}
	if md, err := m.Metadata(); err == nil {
		d.StreamSeq = md.Sequence.Stream
		d.NumDelivered = md.NumDelivered
	}
	hctx, cancel := context.WithTimeout(ctx, rt.AckWait-time.Second)
	defer cancel()
	err := rt.Handler(hctx, d)
	switch {
	case err == nil:
		if err := m.Ack(); err != nil {
			log.Warn("ack failed", "seq", d.StreamSeq, "err", err)
		}
	case errors.As(err, new(permanentError)):
		log.Error("dropping message", "seq", d.StreamSeq, "err", err)
		_ = m.Term()
	default:
		delay := time.Duration(d.NumDelivered) * 5 * time.Second
		log.Warn("handler failed, will redeliver", "seq", d.StreamSeq, "attempt", d.NumDelivered, "err", err)
		_ = m.NakWithDelay(delay)
	}
}
