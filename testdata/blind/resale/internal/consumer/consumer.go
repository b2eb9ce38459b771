// Package consumer reads the promoter's event stream from Kafka and hands
// each message to the service registered for its type.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/logging"
)

// Handler processes one promoter message.
type Handler func(ctx context.Context, env domain.PromoterEnvelope) error

// Reader is the part of *kafka.Reader the consumer uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

func NewKafkaReader(cfg *config.Config) (Reader, func()) {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.Kafka.Brokers,
		GroupID:        cfg.Kafka.GroupID,
		Topic:          cfg.Kafka.PromoterTopic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        time.Second,
		CommitInterval: 0, // commit synchronously after each handled message
		StartOffset:    kafka.FirstOffset,
	})
	return r, func() { _ = r.Close() }
}

type Runner struct {
	reader      Reader
	routes      map[string]Handler
	log         *slog.Logger
	maxAttempts int
	backoff     time.Duration
}

func NewRunner(cfg *config.Config, reader Reader, routes Routes, log *slog.Logger) *Runner {
	return &Runner{
		reader:      reader,
		routes:      routes,
		log:         log.With("component", "promoter-consumer"),
		maxAttempts: cfg.Kafka.MaxAttempts,
		backoff:     cfg.Kafka.RetryBackoff,
	}
}

// Run consumes until ctx is cancelled. A message whose handler keeps
// failing stops the consumer without committing, so the group redelivers
// it from the last committed offset after restart.
func (r *Runner) Run(ctx context.Context) error {
	for {
		m, err := r.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := r.handle(ctx, m); err != nil {
			return err
		}
		if err := r.reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit offset %d: %w", m.Offset, err)
		}
	}
}

func (r *Runner) handle(ctx context.Context, m kafka.Message) error {
	var env domain.PromoterEnvelope
	if err := json.Unmarshal(m.Value, &env); err != nil {
		r.log.Error("skipping undecodable message", "partition", m.Partition, "offset", m.Offset, "err", err)
		return nil
	}
	h, ok := r.routes[env.Type]
	if !ok {
		return nil
	}
	l := r.log.With("event_id", env.ID, "type", env.Type, "partition", m.Partition, "offset", m.Offset)
	ctx = logging.WithLogger(ctx, l)

	var err error
	for attempt := 1; attempt <= r.maxAttempts; attempt++ {
		if err = h(ctx, env); err == nil {
			return nil
		}
		if errors.Is(err, domain.ErrInvalid) {
			l.Warn("dropping message the handler rejected", "err", err)
			return nil
		}
		l.Warn("handler failed", "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.backoff * time.Duration(attempt)):
		}
	}
	return fmt.Errorf("handle %s %s: %w", env.Type, env.ID, err)
}
