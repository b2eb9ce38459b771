// Package kafkax runs kafka-go consumer groups and wraps the producer.
package kafkax

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
)

// HandleFunc processes one message. Returning an error leaves the offset
// uncommitted; the consumer backs off and tries the same message again.
type HandleFunc func(ctx context.Context, msg kafka.Message) error

// ConsumerOptions configures a Consumer.
type ConsumerOptions struct {
	Brokers  []string
	GroupID  string
	Topic    string
	MinBytes int
	MaxBytes int
	// MaxBackoff caps the delay between attempts at a failing message.
	MaxBackoff time.Duration
	Logger     *slog.Logger
}

// Consumer reads one topic as part of a consumer group and commits each
// message only after its handler succeeds.
type Consumer struct {
	reader  *kafka.Reader
	handle  HandleFunc
	log     *slog.Logger
	backoff time.Duration
}

// NewConsumer builds a Consumer. The reader is created here so main only
// deals in options.
func NewConsumer(opts ConsumerOptions, handle HandleFunc) *Consumer {
	if opts.MinBytes == 0 {
		opts.MinBytes = 1
	}
	if opts.MaxBytes == 0 {
		opts.MaxBytes = 10e6
	}
	if opts.MaxBackoff == 0 {
		opts.MaxBackoff = 30 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        opts.Brokers,
		GroupID:        opts.GroupID,
		Topic:          opts.Topic,
		MinBytes:       opts.MinBytes,
		MaxBytes:       opts.MaxBytes,
		CommitInterval: 0, // synchronous commits
		StartOffset:    kafka.FirstOffset,
	})
	return &Consumer{
		reader:  r,
		handle:  handle,
		log:     opts.Logger.With("topic", opts.Topic, "group", opts.GroupID),
		backoff: opts.MaxBackoff,
	}
}

// Run blocks until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil
			}
			return err
		}
		if err := c.process(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.Error("commit failed", "partition", msg.Partition, "offset", msg.Offset, "err", err)
			return err
		}
	}
}

// process retries the handler with capped exponential backoff until it
// succeeds or ctx ends. Poison messages are expected to be rejected by the
// handler itself (returning nil after logging).
func (c *Consumer) process(ctx context.Context, msg kafka.Message) error {
	delay := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := c.handle(ctx, msg)
		if err == nil {
			return nil
		}
		c.log.Warn("handler failed", "partition", msg.Partition, "offset", msg.Offset, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay *= 2
		if delay > c.backoff {
			delay = c.backoff
		}
	}
}
