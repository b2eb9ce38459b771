package anpr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/cityparking/parking/internal/config"
)

// Handler processes one JetStream message. Returning nil acks it; returning
// an error naks it for redelivery unless it wraps ErrPoison.
type Handler interface {
	Handle(ctx context.Context, msg jetstream.Msg) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, msg jetstream.Msg) error

func (f HandlerFunc) Handle(ctx context.Context, msg jetstream.Msg) error { return f(ctx, msg) }

// Binding ties a durable pull consumer to its handler.
type Binding struct {
	Durable string
	Subject string
	Handler Handler
}

// Runner owns the JetStream consumers.
type Runner struct {
	js       jetstream.JetStream
	stream   string
	log      *slog.Logger
	bindings []Binding
	running  []jetstream.ConsumeContext
}

func NewRunner(js jetstream.JetStream, stream string, log *slog.Logger, bindings []Binding) *Runner {
	return &Runner{js: js, stream: stream, log: log, bindings: bindings}
}

// Start creates (or updates) each durable consumer and begins consuming.
func (r *Runner) Start(ctx context.Context) error {
	for _, b := range r.bindings {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       b.Durable,
			FilterSubject: b.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       30 * time.Second,
			MaxDeliver:    20,
			MaxAckPending: 256,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("anpr: consumer %s: %w", b.Durable, err)
		}
		cc, err := cons.Consume(r.callback(ctx, b),
			jetstream.PullMaxMessages(64),
			jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
				r.log.Warn("jetstream consume error", "durable", b.Durable, "err", err)
			}),
		)
		if err != nil {
			return fmt.Errorf("anpr: consume %s: %w", b.Durable, err)
		}
		r.running = append(r.running, cc)
		r.log.Info("anpr consumer started", "durable", b.Durable, "subject", b.Subject)
	}
	return nil
}

func (r *Runner) callback(ctx context.Context, b Binding) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		log := r.log.With("durable", b.Durable, "subject", msg.Subject())
		if md, err := msg.Metadata(); err == nil {
			log = log.With("stream_seq", md.Sequence.Stream, "delivered", md.NumDelivered)
		}
		hctx, cancel := context.WithTimeout(ctx, 25*time.Second)
		defer cancel()

		err := b.Handler.Handle(hctx, msg)
		switch {
		case err == nil:
			if err := msg.Ack(); err != nil {
				log.Warn("ack failed", "err", err)
			}
		case errors.Is(err, ErrPoison):
			log.Error("terminating poison message", "err", err)
			_ = msg.TermWithReason(err.Error())
		default:
			log.Warn("handler failed; will be redelivered", "err", err)
			_ = msg.NakWithDelay(5 * time.Second)
		}
	}
}

// Stop drains every consumer.
func (r *Runner) Stop() {
	for _, cc := range r.running {
		cc.Drain()
	}
}

// NewRunnerFromHandlers is the wire provider for the worker's consumers.
func NewRunnerFromHandlers(cfg *config.Config, js jetstream.JetStream, log *slog.Logger, h *Handlers) *Runner {
	return NewRunner(js, cfg.ANPRStream, log, h.Bindings())
}
