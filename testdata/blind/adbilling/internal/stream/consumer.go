// Package stream consumes the ad-serving event streams from Kafka. Offsets
// are committed only after a message has been handled, so a crash or a
// rebalance redelivers everything after the last commit.
package stream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"

	"github.com/brightlane/adbilling/internal/domain"
)

// Decoder turns a Kafka message into a typed event.
type Decoder[T any] func(m kafka.Message) (T, error)

// Handler processes one decoded event.
type Handler[T any] func(ctx context.Context, evt T) error

// Consumer reads one topic in a consumer group.
type Consumer[T any] struct {
	name    string
	reader  *kafka.Reader
	decode  Decoder[T]
	handle  Handler[T]
	log     *slog.Logger
	maxWait time.Duration
}

// ReaderConfig is the subset of kafka.ReaderConfig the mains set.
type ReaderConfig struct {
	Brokers []string
	GroupID string
	Topic   string
}

func NewConsumer[T any](name string, rc ReaderConfig, decode Decoder[T], handle Handler[T], log *slog.Logger) *Consumer[T] {
	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        rc.Brokers,
		GroupID:        rc.GroupID,
		Topic:          rc.Topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		CommitInterval: 0, // synchronous commits
		StartOffset:    kafka.FirstOffset,
	})
	return &Consumer[T]{
		name: name, reader: reader, decode: decode, handle: handle,
		log: log.With("consumer", name, "topic", rc.Topic), maxWait: 2 * time.Minute,
	}
}

// Run fetches, handles and commits messages until ctx is cancelled or a
// message cannot be handled within the retry budget.
func (c *Consumer[T]) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("%s: fetch: %w", c.name, err)
		}
		evt, err := c.decode(m)
		if err != nil {
			c.log.Error("skipping undecodable message", "partition", m.Partition, "offset", m.Offset, "err", err)
			if err := c.reader.CommitMessages(ctx, m); err != nil {
				return fmt.Errorf("%s: commit: %w", c.name, err)
			}
			continue
		}
		if err := c.handleWithRetry(ctx, evt); err != nil {
			var verr *domain.ValidationError
			if errors.As(err, &verr) || errors.Is(err, domain.ErrNotFound) {
				c.log.Warn("dropping message", "partition", m.Partition, "offset", m.Offset, "err", err)
			} else {
				return fmt.Errorf("%s: handle offset %d: %w", c.name, m.Offset, err)
			}
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("%s: commit: %w", c.name, err)
		}
	}
}

func (c *Consumer[T]) handleWithRetry(ctx context.Context, evt T) error {
	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 200 * time.Millisecond
	bo.MaxElapsedTime = c.maxWait
	return backoff.RetryNotify(func() error {
		err := c.handle(ctx, evt)
		var verr *domain.ValidationError
		if errors.As(err, &verr) || errors.Is(err, domain.ErrNotFound) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(bo, ctx), func(err error, wait time.Duration) {
		c.log.Warn("handler failed, retrying", "err", err, "wait", wait)
	})
}
