package consumers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/events"
)

// Runner owns the durable consumer.
type Runner struct {
	js       jetstream.JetStream
	registry Registry
	stream   string
	durable  string
}

func NewRunner(js jetstream.JetStream, r Registry, cfg config.Config) *Runner {
	return &Runner{js: js, registry: r, stream: cfg.StreamName, durable: cfg.ConsumerDurable}
}

// Run creates or updates the stream and consumer and processes messages
// until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	_, err := r.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       r.stream,
		Subjects:   events.StreamSubjects,
		Retention:  jetstream.LimitsPolicy,
		MaxAge:     30 * 24 * time.Hour,
		Duplicates: 2 * time.Minute,
		Storage:    jetstream.FileStorage,
		Replicas:   3,
	})
	if err != nil {
		return fmt.Errorf("stream %s: %w", r.stream, err)
	}
	cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
		Durable:        r.durable,
		FilterSubjects: r.registry.Subjects(),
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        30 * time.Second,
		MaxDeliver:     20,
		MaxAckPending:  256,
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", r.durable, err)
	}
	cc, err := cons.Consume(func(msg jetstream.Msg) {
		r.registry.Dispatch(ctx, msg)
	}, jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
		slog.Warn("consume error", "err", err)
	}))
	if err != nil {
		return err
	}
	defer cc.Stop()
	slog.Info("consumer running", "stream", r.stream, "durable", r.durable, "subjects", len(r.registry))
	<-ctx.Done()
	return nil
}
