package events

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/kelpline-systems/quotareg/internal/config"
)

// Consumer reads one topic in the registry's consumer group and commits a
// message's offset only after its handler succeeded. A failing message is
// retried in place with backoff, so a partition does not move past it.
type Consumer struct {
	reader  *kafka.Reader
	routes  Routes
	log     *slog.Logger
	backoff func(attempt int) time.Duration
}

func NewConsumer(cfg config.Kafka, topic string, routes Routes, log *slog.Logger) *Consumer {
	return &Consumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        cfg.Brokers,
			GroupID:        cfg.GroupID,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       4 << 20,
			MaxWait:        2 * time.Second,
			CommitInterval: 0, // synchronous commits
			StartOffset:    kafka.FirstOffset,
		}),
		routes: routes,
		log:    log.With("topic", topic),
		backoff: func(attempt int) time.Duration {
			d := time.Duration(attempt*attempt) * 250 * time.Millisecond
			if d > 30*time.Second {
				d = 30 * time.Second
			}
			return d
		},
	}
}

func (c *Consumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if err := c.handle(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
}

// handle runs the message's handler until it succeeds, the message turns out
// to be poison, or ctx ends.
func (c *Consumer) handle(ctx context.Context, msg kafka.Message) error {
	for attempt := 1; ; attempt++ {
		err := c.routes.Dispatch(ctx, msg)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrPoison) {
			c.log.Error("dropping poison message", "partition", msg.Partition, "offset", msg.Offset, "err", err)
			return nil
		}
		c.log.Warn("handler failed, retrying", "partition", msg.Partition, "offset", msg.Offset, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.backoff(attempt)):
		}
	}
}
