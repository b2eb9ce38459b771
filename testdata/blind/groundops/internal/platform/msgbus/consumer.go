package msgbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
)

type ConsumerOptions struct {
	Brokers []string
	GroupID string
	Topic   string
	// MaxErrors is how many times a failing message is retried in-process
	// before the consumer gives up and exits. On restart the group resumes
	// from the last committed offset and the message is delivered again.
	MaxErrors int
}

type Consumer struct {
	reader   *kafka.Reader
	registry *Registry
	opts     ConsumerOptions
}

func NewConsumer(opts ConsumerOptions, registry *Registry) *Consumer {
	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        opts.Brokers,
		GroupID:        opts.GroupID,
		Topic:          opts.Topic,
		MinBytes:       1,
		MaxBytes:       4 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0, // commit synchronously after each handled message
		StartOffset:    kafka.FirstOffset,
	})
	if opts.MaxErrors <= 0 {
		opts.MaxErrors = 5
	}
	return &Consumer{reader: reader, registry: registry, opts: opts}
}

// Run consumes until ctx is cancelled or a message keeps failing.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("msgbus: fetch: %w", err)
		}
		if err := c.handle(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("msgbus: commit offset %d: %w", msg.Offset, err)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, msg kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		slog.ErrorContext(ctx, "undecodable envelope, skipping", "offset", msg.Offset, "err", err)
		return nil
	}
	env.Topic, env.Partition, env.Offset = msg.Topic, msg.Partition, msg.Offset
	if env.MessageID == "" {
		env.MessageID = fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
	}

	backoff := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := c.registry.Dispatch(ctx, env)
		if err == nil {
			return nil
		}
		var poison *PoisonError
		if errors.As(err, &poison) {
			slog.ErrorContext(ctx, "dropping poison message", "type", env.Type, "message_id", env.MessageID, "err", err)
			return nil
		}
		if attempt >= c.opts.MaxErrors {
			return fmt.Errorf("msgbus: %s %s failed %d times: %w", env.Type, env.MessageID, attempt, err)
		}
		slog.WarnContext(ctx, "handler failed, retrying", "type", env.Type, "message_id", env.MessageID, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff *= 2
	}
}

func (c *Consumer) Close() error {
	return c.reader.Close()
}
