// Package kafkaconsumer reads integration events from Kafka and hands them to
// the services.
package kafkaconsumer

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/segmentio/kafka-go"
)

type HandlerFunc func(ctx context.Context, m kafka.Message) error

// ErrPoison marks a message that can never be processed; it is committed and
// logged instead of being retried.
var ErrPoison = errors.New("poison message")

type Consumer struct {
	reader   *kafka.Reader
	handlers map[string]HandlerFunc
	log      *slog.Logger
}

type Config struct {
	Brokers []string
	GroupID string
}

func New(cfg Config, handlers map[string]HandlerFunc, log *slog.Logger) *Consumer {
	topics := make([]string, 0, len(handlers))
	for t := range handlers {
		topics = append(topics, t)
	}
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.Brokers,
		GroupID:        cfg.GroupID,
		GroupTopics:    topics,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0, // commit synchronously after each message
		StartOffset:    kafka.FirstOffset,
	})
	return &Consumer{reader: r, handlers: handlers, log: log.With("component", "kafka")}
}

// Run fetches, handles and commits messages until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, io.EOF) {
				return nil
			}
			c.log.Error("fetch", "err", err)
			time.Sleep(time.Second)
			continue
		}

		h, ok := c.handlers[m.Topic]
		if !ok {
			c.log.Warn("no handler for topic", "topic", m.Topic)
			_ = c.reader.CommitMessages(ctx, m)
			continue
		}

		err = retry.Do(
			func() error { return h(ctx, m) },
			retry.Context(ctx),
			retry.Attempts(5),
			retry.Delay(200*time.Millisecond),
			retry.DelayType(retry.BackOffDelay),
			retry.RetryIf(func(err error) bool { return !errors.Is(err, ErrPoison) }),
			retry.LastErrorOnly(true),
		)
		if err != nil && !errors.Is(err, ErrPoison) {
			// Leave the offset uncommitted; the message comes back after a
			// restart or rebalance.
			c.log.Error("handler failed", "topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "err", err)
			continue
		}
		if err != nil {
			c.log.Error("dropping poison message", "topic", m.Topic, "offset", m.Offset, "err", err)
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			c.log.Error("commit", "topic", m.Topic, "offset", m.Offset, "err", err)
		}
	}
}
