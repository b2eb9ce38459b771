package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/segmentio/kafka-go"

	"github.com/quillpress/apcdesk/internal/domain"
)

// ConsumerConfig configures a Consumer.
type ConsumerConfig struct {
	Brokers  []string
	GroupID  string
	Topics   []string
	Attempts uint
}

// Consumer reads a consumer group's topics and dispatches each message
// through a handler table. Offsets are committed only after the handler
// succeeds; when a handler keeps failing the consumer stops so the
// supervisor restarts it from the last committed offset.
type Consumer struct {
	reader   *kafka.Reader
	handlers Handlers
	attempts uint
	log      *slog.Logger
}

// NewConsumer builds a Consumer.
func NewConsumer(cfg ConsumerConfig, handlers Handlers, log *slog.Logger) *Consumer {
	if cfg.Attempts == 0 {
		cfg.Attempts = 5
	}
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.Brokers,
		GroupID:        cfg.GroupID,
		GroupTopics:    cfg.Topics,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0, // synchronous commits
		StartOffset:    kafka.FirstOffset,
	})
	return &Consumer{
		reader:   r,
		handlers: handlers,
		attempts: cfg.Attempts,
		log:      log.With("group", cfg.GroupID),
	}
}

// Run consumes until ctx is cancelled or a handler exhausts its retries.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := c.handle(ctx, m); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(m.Value, &env); err != nil {
		c.log.ErrorContext(ctx, "undecodable message skipped", "topic", m.Topic, "offset", m.Offset, "err", err)
		return nil
	}
	h, ok := c.handlers[env.Type]
	if !ok {
		return nil
	}
	log := c.log.With("topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "event", env.ID, "type", env.Type)
	err := retry.Do(
		func() error { return h(ctx, env) },
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(time.Second),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(func(err error) bool {
			var perm *PermanentError
			return !errors.As(err, &perm) && !errors.Is(err, domain.ErrInvalid)
		}),
		retry.OnRetry(func(n uint, err error) {
			log.WarnContext(ctx, "handler failed, retrying", "attempt", n+1, "err", err)
		}),
	)
	if err == nil {
		return nil
	}
	var perm *PermanentError
	if errors.As(err, &perm) || errors.Is(err, domain.ErrInvalid) {
		log.ErrorContext(ctx, "dropping message that cannot be handled", "err", err)
		return nil
	}
	return fmt.Errorf("handle %s %s: %w", env.Type, env.ID, err)
}

// Close releases the reader.
func (c *Consumer) Close() error { return c.reader.Close() }
