// Package kafkaconsumer runs kafka-go consumer groups that feed a
// dispatcher.
package kafkaconsumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/events/dispatch"
)

// Dispatcher handles decoded envelopes.
type Dispatcher interface {
	Name() string
	Dispatch(ctx context.Context, env dispatch.Envelope) error
}

// Consumer reads one topic in a consumer group and commits an offset only
// after its message was handled. A handler that keeps failing stops the
// consumer; the group redelivers from the last commit when it comes back.
type Consumer struct {
	reader   *kafka.Reader
	dispatch Dispatcher
	maxTries int
}

// New builds a consumer for topic.
func New(cfg *config.Config, topic string, d Dispatcher) *Consumer {
	return &Consumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        cfg.KafkaBrokers,
			GroupID:        cfg.ConsumerGroup + "-" + d.Name(),
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			CommitInterval: 0, // synchronous commits
			StartOffset:    kafka.FirstOffset,
		}),
		dispatch: d,
		maxTries: cfg.ConsumerMaxTries,
	}
}

// Run consumes until ctx is cancelled or a message cannot be handled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch %s: %w", c.dispatch.Name(), err)
		}
		env, err := dispatch.DecodeEnvelope(m.Value)
		if err == nil {
			err = c.handle(ctx, env)
		}
		if errors.Is(err, dispatch.ErrPoison) {
			slog.ErrorContext(ctx, "skipping poison message", "topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "err", err)
			err = nil
		}
		if err != nil {
			return fmt.Errorf("%s offset %d: %w", m.Topic, m.Offset, err)
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit %s offset %d: %w", m.Topic, m.Offset, err)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, env dispatch.Envelope) error {
	var err error
	backoff := 200 * time.Millisecond
	for try := 1; try <= c.maxTries; try++ {
		err = c.dispatch.Dispatch(ctx, env)
		if err == nil || errors.Is(err, dispatch.ErrPoison) {
			return err
		}
		slog.WarnContext(ctx, "handler failed, retrying", "event_id", env.EventID, "try", try, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff *= 2
	}
	return err
}

// Close closes the reader.
func (c *Consumer) Close() error { return c.reader.Close() }
