package chainevents

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"

	"github.com/halyard/funding/internal/platform/retry"
)

// Reader is the subset of *kafka.Reader used by the consumer.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Consumer runs one reader per topic. Offsets are committed only after the
// handler succeeds, so a crash or rebalance redelivers the message.
type Consumer struct {
	readers map[string]Reader
	routes  map[string]Handler
	log     *slog.Logger
}

// NewConsumer builds readers for every routed topic.
func NewConsumer(brokers []string, groupID string, routes map[string]Handler, log *slog.Logger) *Consumer {
	readers := make(map[string]Reader, len(routes))
	for topic := range routes {
		readers[topic] = kafka.NewReader(kafka.ReaderConfig{
			Brokers:        brokers,
			GroupID:        groupID,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			MaxWait:        time.Second,
			CommitInterval: 0,
			StartOffset:    kafka.FirstOffset,
		})
	}
	return &Consumer{readers: readers, routes: routes, log: log}
}

// Run blocks until ctx is cancelled or a reader fails.
func (c *Consumer) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(c.readers))
	for topic, r := range c.readers {
		wg.Add(1)
		go func(topic string, r Reader) {
			defer wg.Done()
			if err := c.loop(ctx, topic, r); err != nil && !errors.Is(err, context.Canceled) {
				errs <- err
			}
		}(topic, r)
	}
	wg.Wait()
	close(errs)
	for _, r := range c.readers {
		_ = r.Close()
	}
	return <-errs
}

func (c *Consumer) loop(ctx context.Context, topic string, r Reader) error {
	h := c.routes[topic]
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		err = backoff.Retry(func() error {
			err := h(ctx, msg)
			var poison *poisonError
			if errors.As(err, &poison) {
				c.log.ErrorContext(ctx, "skipping undecodable message", "topic", topic, "offset", msg.Offset, "err", err)
				return nil
			}
			if err != nil {
				c.log.WarnContext(ctx, "handler failed", "topic", topic, "offset", msg.Offset, "err", err)
			}
			return err
		}, retry.Forever(ctx))
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
