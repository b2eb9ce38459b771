// Package consumer runs the Kafka consumers. Offsets are committed only
// after a message's handler succeeds, so every message is delivered at
// least once.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	reader   *kafka.Reader
	handlers map[string]HandlerFunc
	log      *slog.Logger
	newBO    func() backoff.BackOff
}

func New(reader *kafka.Reader, handlers map[string]HandlerFunc, log *slog.Logger) *Consumer {
	return &Consumer{
		reader:   reader,
		handlers: handlers,
		log:      log,
		newBO: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 500 * time.Millisecond
			b.MaxInterval = 30 * time.Second
			b.MaxElapsedTime = 0 // keep retrying; the partition waits for this message
			return b
		},
	}
}

// NewReader builds a consumer-group reader with manual commits.
func NewReader(brokers []string, groupID, topic string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        brokers,
		GroupID:        groupID,
		Topic:          topic,
		MinBytes:       1,
		MaxBytes:       10e6,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
}

func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := c.process(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("commit offset %d: %w", msg.Offset, err)
		}
	}
}

func (c *Consumer) process(ctx context.Context, msg kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		c.log.ErrorContext(ctx, "skipping undecodable message", "offset", msg.Offset, "partition", msg.Partition, "err", err)
		return nil
	}
	if env.Type == "" {
		env.Type = header(msg, "event-type")
	}
	h, ok := c.handlers[env.Type]
	if !ok {
		c.log.DebugContext(ctx, "no handler for event type", "type", env.Type)
		return nil
	}
	log := c.log.With("type", env.Type, "event_id", env.EventID, "return_id", env.ReturnID, "offset", msg.Offset)

	attempt, permanent := 0, false
	err := backoff.RetryNotify(func() error {
		attempt++
		err := h(ctx, msg, env)
		var perm *backoff.PermanentError
		permanent = errors.As(err, &perm)
		return err
	}, backoff.WithContext(c.newBO(), ctx), func(err error, wait time.Duration) {
		log.WarnContext(ctx, "handler failed, retrying", "attempt", attempt, "wait", wait, "err", err)
	})
	if err != nil && permanent {
		log.ErrorContext(ctx, "dropping message after permanent failure", "err", err)
		return nil
	}
	return err
}

func header(msg kafka.Message, key string) string {
	for _, h := range msg.Headers {
		if h.Key == key {
			return string(h.Value)
		}
	}
	return ""
}

func (c *Consumer) Close() error { return c.reader.Close() }
