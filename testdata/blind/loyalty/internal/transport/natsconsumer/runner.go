// Package natsconsumer runs JetStream pull consumers for purchase events.
//
// Every handler gets its own durable consumer with explicit acks. A handler
// error naks the message with a backoff; a message that is not acked within
// AckWait (process crash, slow handler) is redelivered as well.
package natsconsumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"
)

// Handler processes one message. Returning nil acks it.
type Handler interface {
	Durable() string
	FilterSubject() string
	Handle(ctx context.Context, msg jetstream.Msg) error
}

type RunnerParams struct {
	fx.In

	JS       jetstream.JetStream
	Stream   string    `name:"purchase_stream"`
	Handlers []Handler `group:"nats_handlers"`
	Log      *slog.Logger
}

type Runner struct {
	js       jetstream.JetStream
	stream   string
	handlers []Handler
	log      *slog.Logger
	running  []jetstream.ConsumeContext
}

func NewRunner(p RunnerParams) *Runner {
	return &Runner{js: p.JS, stream: p.Stream, handlers: p.Handlers, log: p.Log}
}

const (
	ackWait     = 30 * time.Second
	maxDeliver  = 12
	handleLimit = 25 * time.Second
)

func (r *Runner) Start(ctx context.Context) error {
	for _, h := range r.handlers {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       h.Durable(),
			FilterSubject: h.FilterSubject(),
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       ackWait,
			MaxDeliver:    maxDeliver,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("consumer %s: %w", h.Durable(), err)
		}
		cc, err := cons.Consume(r.dispatch(h))
		if err != nil {
			return fmt.Errorf("consume %s: %w", h.Durable(), err)
		}
		r.running = append(r.running, cc)
		r.log.Info("nats consumer started", "durable", h.Durable(), "subject", h.FilterSubject())
	}
	return nil
}

func (r *Runner) Stop(context.Context) error {
	for _, cc := range r.running {
		cc.Drain()
	}
	return nil
}

func (r *Runner) dispatch(h Handler) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		ctx, cancel := context.WithTimeout(context.Background(), handleLimit)
		defer cancel()

		err := h.Handle(ctx, msg)
		if err == nil {
			if ackErr := msg.Ack(); ackErr != nil {
				r.log.Warn("ack failed", "durable", h.Durable(), "err", ackErr)
			}
			return
		}

		delivered := uint64(1)
		if md, mdErr := msg.Metadata(); mdErr == nil {
			delivered = md.NumDelivered
		}
		r.log.Error("handler failed", "durable", h.Durable(), "subject", msg.Subject(),
			"delivery", delivered, "err", err)
		_ = msg.NakWithDelay(backoff(delivered))
	}
}

func backoff(n uint64) time.Duration {
	d := time.Second << min(n, 8)
	return min(d, 5*time.Minute)
}

// decode unmarshals a JSON message body.
func decode[T any](msg jetstream.Msg) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Data(), &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", msg.Subject(), err)
	}
	return v, nil
}
