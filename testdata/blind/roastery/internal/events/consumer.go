package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/ridgeline-coffee/roastery/internal/metrics"
)

// HandlerFunc handles one decoded envelope. Returning an error naks the
// message for redelivery; returning ErrDrop terminates it.
type HandlerFunc func(ctx context.Context, env Envelope) error

// ErrDrop marks a message that can never succeed.
var ErrDrop = errors.New("events: drop message")

// Binding attaches a handler to a durable consumer on one subject.
type Binding struct {
	Durable    string
	Subject    string
	Handler    HandlerFunc
	MaxDeliver int
	AckWait    time.Duration
}

// Runner starts JetStream consumers for a table of bindings.
type Runner struct {
	js      jetstream.JetStream
	log     *slog.Logger
	metrics metrics.Recorder
}

// NewRunner returns a Runner.
func NewRunner(js jetstream.JetStream, log *slog.Logger, m metrics.Recorder) *Runner {
	return &Runner{js: js, log: log, metrics: m}
}

// Start creates each durable consumer and begins consuming. The returned
// stop function drains every consumer.
func (r *Runner) Start(ctx context.Context, bindings []Binding) (stop func(), err error) {
	var running []jetstream.ConsumeContext
	stop = func() {
		for _, cc := range running {
			cc.Drain()
		}
	}
	for _, b := range bindings {
		cfg := jetstream.ConsumerConfig{
			Durable:       b.Durable,
			FilterSubject: b.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       b.AckWait,
			MaxDeliver:    b.MaxDeliver,
		}
		if cfg.AckWait == 0 {
			cfg.AckWait = 60 * time.Second
		}
		if cfg.MaxDeliver == 0 {
			cfg.MaxDeliver = 10
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, Stream, cfg)
		if err != nil {
			stop()
			return nil, fmt.Errorf("events: consumer %s: %w", b.Durable, err)
		}
		cc, err := cons.Consume(r.dispatch(ctx, b))
		if err != nil {
			stop()
			return nil, fmt.Errorf("events: consume %s: %w", b.Durable, err)
		}
		running = append(running, cc)
		r.log.Info("events: consuming", "durable", b.Durable, "subject", b.Subject)
	}
	return stop, nil
}

func (r *Runner) dispatch(ctx context.Context, b Binding) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		var env Envelope
		if err := json.Unmarshal(msg.Data(), &env); err != nil {
			r.log.Error("events: bad envelope", "durable", b.Durable, "err", err)
			_ = msg.Term()
			return
		}
		log := r.log.With("durable", b.Durable, "event_id", env.ID)
		var delivery uint64 = 1
		if md, err := msg.Metadata(); err == nil {
			delivery = md.NumDelivered
		}
		if delivery > 1 {
			log = log.With("delivery", delivery)
		}

		err := b.Handler(ctx, env)
		r.metrics.ObserveMessage(b.Durable, err)
		switch {
		case err == nil:
			if aerr := msg.Ack(); aerr != nil {
				log.Warn("events: ack failed", "err", aerr)
			}
		case errors.Is(err, ErrDrop):
			log.Error("events: dropping message", "err", err)
			_ = msg.Term()
		default:
			log.Warn("events: handler failed, will redeliver", "err", err)
			_ = msg.NakWithDelay(redeliveryDelay(delivery))
		}
	}
}

// redeliveryDelay backs off 5s, 30s, then 2m for every later attempt.
func redeliveryDelay(delivery uint64) time.Duration {
	switch {
	case delivery <= 1:
		return 5 * time.Second
	case delivery == 2:
		return 30 * time.Second
	default:
		return 2 * time.Minute
	}
}
