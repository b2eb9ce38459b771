package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Delivery is the transport metadata a handler may need.
type Delivery struct {
	// MsgID is the publisher's Nats-Msg-Id (the outbox row ID), stable
	// across redeliveries.
	MsgID        string
	StreamSeq    uint64
	NumDelivered uint64
	Subject      string
}

// Handler processes one message; returning an error naks it for redelivery.
type Handler func(ctx context.Context, d Delivery, data []byte) error

// ErrPermanent marks a failure that redelivery cannot fix.
var ErrPermanent = errors.New("permanent failure")

// Typed decodes the payload into T before calling fn.
func Typed[T any](fn func(ctx context.Context, d Delivery, ev T) error) Handler {
	return func(ctx context.Context, d Delivery, data []byte) error {
		var ev T
		if err := json.Unmarshal(data, &ev); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPermanent, d.Subject, err)
		}
		return fn(ctx, d, ev)
	}
}

// Route binds a durable consumer to a subject and handler.
type Route struct {
	Durable    string
	Subject    string
	Handle     Handler
	MaxDeliver int
	AckWait    time.Duration
}

// Runner starts a pull consumer per route.
type Runner struct {
	js     jetstream.JetStream
	stream string
	log    *slog.Logger
}

func NewRunner(js jetstream.JetStream, stream string, log *slog.Logger) *Runner {
	return &Runner{js: js, stream: stream, log: log}
}

func (r *Runner) Start(ctx context.Context, routes []Route) ([]jetstream.ConsumeContext, error) {
	var started []jetstream.ConsumeContext
	for _, rt := range routes {
		cfg := jetstream.ConsumerConfig{
			Durable:       rt.Durable,
			FilterSubject: rt.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       orDefault(rt.AckWait, 30*time.Second),
			MaxDeliver:    rt.MaxDeliver,
			BackOff:       []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute},
		}
		if cfg.MaxDeliver == 0 {
			cfg.MaxDeliver = -1
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, cfg)
		if err != nil {
			return started, fmt.Errorf("consumer %s: %w", rt.Durable, err)
		}
		cc, err := cons.Consume(r.dispatch(ctx, rt))
		if err != nil {
			return started, fmt.Errorf("consume %s: %w", rt.Durable, err)
		}
		started = append(started, cc)
	}
	return started, nil
}

func (r *Runner) dispatch(ctx context.Context, rt Route) jetstream.MessageHandler {
	log := r.log.With("consumer", rt.Durable)
	return func(msg jetstream.Msg) {
		d := Delivery{Subject: msg.Subject(), MsgID: msg.Headers().Get(jetstream.MsgIDHeader)}
		if md, err := msg.Metadata(); err == nil {
			d.StreamSeq = md.Sequence.Stream
			d.NumDelivered = md.NumDelivered
			if d.MsgID == "" {
				d.MsgID = md.Stream + ":" + strconv.FormatUint(md.Sequence.Stream, 10)
			}
		}
		hctx, cancel := context.WithTimeout(ctx, orDefault(rt.AckWait, 30*time.Second))
		defer cancel()

		err := rt.Handle(hctx, d, msg.Data())
		switch {
		case err == nil:
			if ackErr := msg.Ack(); ackErr != nil {
				log.Warn("ack failed", "msg_id", d.MsgID, "err", ackErr)
			}
		case errors.Is(err, ErrPermanent):
			log.Error("terminating message", "msg_id", d.MsgID, "err", err)
			_ = msg.TermWithReason(err.Error())
		default:
			log.Warn("handler failed; will redeliver", "msg_id", d.MsgID, "attempt", d.NumDelivered, "err", err)
			_ = msg.NakWithDelay(backoff(d.NumDelivered))
		}
	}
}

func backoff(n uint64) time.Duration {
	d := time.Second << min(n, 8)
	return min(d, 5*time.Minute)
}

func orDefault(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}
