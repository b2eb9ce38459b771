package events

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// RunnerConfig configures the durable pull consumers.
type RunnerConfig struct {
	Stream         string
	DurablePrefix  string
	AckWait        time.Duration
	MaxDeliver     int
	HandlerTimeout time.Duration
	BatchSize      int
}

// Runner binds one durable pull consumer per route and dispatches messages.
type Runner struct {
	js     jetstream.JetStream
	cfg    RunnerConfig
	routes Routes
	log    *slog.Logger
}

// NewRunner returns a Runner.
func NewRunner(js jetstream.JetStream, cfg RunnerConfig, routes Routes, log *slog.Logger) *Runner {
	if cfg.AckWait == 0 {
		cfg.AckWait = 30 * time.Second
	}
	if cfg.MaxDeliver == 0 {
		cfg.MaxDeliver = 25
	}
	if cfg.HandlerTimeout == 0 {
		cfg.HandlerTimeout = 25 * time.Second
	}
	if cfg.BatchSize == 0 {
		cfg.BatchSize = 32
	}
	return &Runner{js: js, cfg: cfg, routes: routes, log: log}
}

// Run consumes until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	var stops []jetstream.ConsumeContext
	defer func() {
		for _, s := range stops {
			s.Stop()
		}
	}()
	for subject, h := range r.routes {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.cfg.Stream, jetstream.ConsumerConfig{
			Durable:       r.durableName(subject),
			FilterSubject: subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       r.cfg.AckWait,
			MaxDeliver:    r.cfg.MaxDeliver,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("bind consumer for %s: %w", subject, err)
		}
		cc, err := cons.Consume(r.dispatch(subject, h),
			jetstream.PullMaxMessages(r.cfg.BatchSize),
			jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
				r.log.Warn("consume error", "subject", subject, "err", err)
			}),
		)
		if err != nil {
			return fmt.Errorf("consume %s: %w", subject, err)
		}
		stops = append(stops, cc)
		r.log.Info("consuming", "subject", subject, "durable", r.durableName(subject))
	}
	<-ctx.Done()
	return nil
}

func (r *Runner) durableName(subject string) string {
	return r.cfg.DurablePrefix + "-" + strings.NewReplacer(".", "-", "*", "any", ">", "all").Replace(subject)
}

func (r *Runner) dispatch(subject string, h HandlerFunc) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		meta := Meta{Subject: msg.Subject(), MsgID: msg.Headers().Get("Nats-Msg-Id")}
		if md, err := msg.Metadata(); err == nil {
			meta.StreamSeq = md.Sequence.Stream
			meta.ConsumerSeq = md.Sequence.Consumer
			meta.NumDelivered = md.NumDelivered
			meta.Published = md.Timestamp
		}
		ctx, cancel := context.WithTimeout(context.Background(), r.cfg.HandlerTimeout)
		defer cancel()

		err := h(ctx, Message{Meta: meta, Data: msg.Data(), Headers: msg.Headers()})
		log := r.log.With("subject", subject, "stream_seq", meta.StreamSeq, "delivered", meta.NumDelivered)
		switch {
		case err == nil:
			if ackErr := msg.Ack(); ackErr != nil {
				log.Warn("ack failed", "err", ackErr)
			}
		case IsPermanent(err):
			log.Error("terminating message", "err", err)
			_ = msg.TermWithReason(err.Error())
		default:
			log.Warn("handler failed, will redeliver", "err", err)
			_ = msg.NakWithDelay(backoff(meta.NumDelivered))
		}
	}
}

func backoff(delivered uint64) time.Duration {
	d := time.Second << min(delivered, 8)
	if d > 5*time.Minute {
		d = 5 * time.Minute
	}
	return d
}
