// Package kafkabus consumes usage events from Kafka with at-least-once
// semantics: offsets are committed only after the handler succeeds.
package kafkabus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/segmentio/kafka-go"
)

type ReaderConfig struct {
	Brokers []string
	GroupID string
	Topic   string
}

func NewReader(cfg ReaderConfig) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.Brokers,
		GroupID:        cfg.GroupID,
		Topic:          cfg.Topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0, // synchronous commits
		StartOffset:    kafka.FirstOffset,
	})
}

// Handler processes one record.
type Handler func(ctx context.Context, m kafka.Message) error

// Middleware wraps a Handler.
type Middleware func(Handler) Handler

// MessageReader is the subset of *kafka.Reader the consumer uses.
type MessageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

type Consumer struct {
	name    string
	reader  MessageReader
	handler Handler
	tries   uint
	log     *slog.Logger
}

func NewConsumer(name string, r MessageReader, h Handler, log *slog.Logger, mw ...Middleware) *Consumer {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return &Consumer{name: name, reader: r, handler: h, tries: 5, log: log.With("consumer", name)}
}

// Run fetches, handles and commits until ctx is cancelled. A record that
// still fails after the in-process retries stops the consumer without
// committing; after restart the group resumes from the last committed
// offset and the record is delivered again.
func (c *Consumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("kafkabus %s: fetch: %w", c.name, err)
		}
		_, err = backoff.Retry(ctx, func() (struct{}, error) {
			return struct{}{}, c.handler(ctx, m)
		}, backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(c.tries))
		if err != nil {
			return fmt.Errorf("kafkabus %s: partition %d offset %d: %w", c.name, m.Partition, m.Offset, err)
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("kafkabus %s: commit: %w", c.name, err)
		}
	}
}

// Header returns the value of header key, or "".
func Header(m kafka.Message, key string) string {
	for _, h := range m.Headers {
		if h.Key == key {
			return string(h.Value)
		}
	}
	return ""
}

// WithLogging logs every failed record.
func WithLogging(log *slog.Logger) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, m kafka.Message) error {
			err := next(ctx, m)
			if err != nil {
				log.WarnContext(ctx, "record failed", "topic", m.Topic, "partition", m.Partition,
					"offset", m.Offset, "key", string(m.Key), "err", err)
			}
			return err
		}
	}
}
