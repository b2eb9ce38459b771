// Package kafkax runs kafka-go consumer groups and feeds the events registry.
package kafkax

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/northmill/procure/internal/events"
)

// Dispatcher is what the consumer hands decoded envelopes to.
type Dispatcher interface {
	Dispatch(ctx context.Context, env events.Envelope) error
}

// Consumer reads one topic as part of a consumer group. Offsets are
// committed only after the handler returns nil; a handler error is retried
// in place with a growing delay, and after MaxAttempts the consumer stops so
// the group rebalances and the message is delivered again.
type Consumer struct {
	reader      *kafka.Reader
	dispatcher  Dispatcher
	log         *slog.Logger
	maxAttempts int
}

// Options configures a Consumer.
type Options struct {
	Brokers     []string
	GroupID     string
	Topic       string
	MaxAttempts int
}

// NewConsumer builds a consumer for one topic.
func NewConsumer(opts Options, d Dispatcher, log *slog.Logger) *Consumer {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        opts.Brokers,
		GroupID:        opts.GroupID,
		Topic:          opts.Topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = 5
	}
	return &Consumer{reader: r, dispatcher: d, log: log.With("topic", opts.Topic), maxAttempts: opts.MaxAttempts}
}

// Run consumes until ctx is cancelled or a message exhausts its attempts.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("kafkax: fetch: %w", err)
		}
		if err := c.handle(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("kafkax: commit: %w", err)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, msg kafka.Message) error {
	env, err := events.Parse(msg.Value)
	if err != nil {
		c.log.Error("skipping undecodable message", "partition", msg.Partition, "offset", msg.Offset, "err", err)
		return nil
	}
	env.Topic, env.Partition, env.Offset = msg.Topic, msg.Partition, msg.Offset

	delay := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := c.dispatcher.Dispatch(ctx, env)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, events.ErrPoison), errors.Is(err, events.ErrUnhandled):
			c.log.Error("skipping message", "event_id", env.ID, "type", env.Type, "err", err)
			return nil
		case attempt >= c.maxAttempts:
			return fmt.Errorf("kafkax: event %s (%s) failed after %d attempts: %w", env.ID, env.Type, attempt, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		if delay < 30*time.Second {
			delay *= 2
		}
	}
}

// Close closes the reader.
func (c *Consumer) Close() error { return c.reader.Close() }
