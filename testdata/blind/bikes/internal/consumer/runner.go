package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/wire"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cyclegrid/bikeshare/internal/config"
)

// Runner pulls dock events in batches and dispatches them by subject.
type Runner struct {
	js       jetstream.JetStream
	stream   string
	durable  string
	batch    int
	wait     time.Duration
	routes   Routes
	log      *slog.Logger
	maxRetry int
}

func NewRunner(cfg config.Config, js jetstream.JetStream, h *DockHandlers, log *slog.Logger) *Runner {
	return &Runner{
		js:       js,
		stream:   cfg.DockStream,
		durable:  cfg.DockConsumerName,
		batch:    cfg.FetchBatch,
		wait:     cfg.FetchWait,
		routes:   h.Routes(),
		log:      log,
		maxRetry: 20,
	}
}

func (r *Runner) subjects() []string {
	out := make([]string, 0, len(r.routes))
	for s := range r.routes {
		out = append(out, s)
	}
	return out
}

func (r *Runner) Run(ctx context.Context) error {
	cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
		Durable:        r.durable,
		FilterSubjects: r.subjects(),
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        30 * time.Second,
		MaxDeliver:     r.maxRetry,
		MaxAckPending:  1000,
	})
	if err != nil {
		return fmt.Errorf("create consumer %s: %w", r.durable, err)
	}
	r.log.Info("dock consumer started", "stream", r.stream, "durable", r.durable)

	for {
		if ctx.Err() != nil {
			return nil
		}
		batch, err := cons.Fetch(r.batch, jetstream.FetchMaxWait(r.wait))
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			r.log.Warn("fetch failed", "err", err)
			time.Sleep(time.Second)
			continue
		}
		for msg := range batch.Messages() {
			r.handle(ctx, msg)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) && !errors.Is(err, context.DeadlineExceeded) {
			r.log.Warn("batch error", "err", err)
		}
	}
}

func (r *Runner) handle(ctx context.Context, msg jetstream.Msg) {
	log := r.log.With("subject", msg.Subject())
	fn, ok := r.routes[msg.Subject()]
	if !ok {
		log.Warn("no handler for subject")
		_ = msg.Term()
		return
	}
	var ev DockEvent
	if err := json.Unmarshal(msg.Data(), &ev); err != nil || ev.EventID == "" {
		log.Error("undecodable dock event", "err", err)
		_ = msg.Term()
		return
	}

	hctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	err := fn(hctx, ev)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			log.Warn("ack failed", "event_id", ev.EventID, "err", ackErr)
		}
	case errors.Is(err, ErrMalformed):
		log.Error("dropping malformed event", "event_id", ev.EventID, "err", err)
		_ = msg.Term()
	default:
		delay := 2 * time.Second
		if meta, mErr := msg.Metadata(); mErr == nil {
			delay = time.Duration(meta.NumDelivered) * 2 * time.Second
		}
		log.Warn("dock event failed, will redeliver", "event_id", ev.EventID, "err", err, "delay", delay)
		_ = msg.NakWithDelay(delay)
	}
}

var ProviderSet = wire.NewSet(NewDockHandlers, NewRunner)
