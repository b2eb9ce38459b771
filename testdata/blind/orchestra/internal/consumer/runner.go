// Package consumer reads box-office events from Kafka and applies them.
//
// Offsets are committed only after a message's handler succeeds, so a
// crash or rebalance redelivers everything after the last commit. A
// handler that keeps failing is retried with backoff and then stops the
// runner; the process supervisor restarts it from the committed offset.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/harborlight-symphony/encore/internal/events"
	"github.com/harborlight-symphony/encore/internal/platform/retry"
)

// HandlerFunc applies one event.
type HandlerFunc func(ctx context.Context, e events.Envelope) error

// Reader is the part of *kafka.Reader the runner uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Runner dispatches events to handlers by type.
type Runner struct {
	reader   Reader
	handlers map[string]HandlerFunc
	policy   retry.Policy
	log      *slog.Logger
}

// NewRunner builds a Runner over a kafka-go reader.
func NewRunner(r Reader, handlers map[string]HandlerFunc, log *slog.Logger) *Runner {
	return &Runner{
		reader:   r,
		handlers: handlers,
		policy:   retry.Policy{Attempts: 6, Initial: 500 * time.Millisecond, Max: 30 * time.Second},
		log:      log,
	}
}

// NewKafkaReader configures a consumer-group reader.
func NewKafkaReader(brokers []string, groupID, topic string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        brokers,
		GroupID:        groupID,
		Topic:          topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        2 * time.Second,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
}

// Run consumes until ctx is cancelled or a handler gives up.
func (r *Runner) Run(ctx context.Context) error {
	for {
		msg, err := r.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := r.handle(ctx, msg); err != nil {
			return err
		}
		if err := r.reader.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit offset %d: %w", msg.Offset, err)
		}
	}
}

func (r *Runner) handle(ctx context.Context, msg kafka.Message) error {
	var env events.Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		r.log.ErrorContext(ctx, "dropping undecodable message", "partition", msg.Partition, "offset", msg.Offset, "err", err)
		return nil
	}
	if env.Type == "" {
		env.Type = header(msg, "event-type")
	}
	h, ok := r.handlers[env.Type]
	if !ok {
		r.log.DebugContext(ctx, "no handler for event", "type", env.Type)
		return nil
	}
	log := r.log.With("event_id", env.ID, "type", env.Type, "partition", msg.Partition, "offset", msg.Offset)
	err := retry.Run(ctx, r.policy, func(ctx context.Context) error {
		err := h(ctx, env)
		if err != nil {
			log.WarnContext(ctx, "handler failed", "err", err)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("event %s (%s): %w", env.ID, env.Type, err)
	}
	return nil
}

func header(m kafka.Message, key string) string {
	for _, h := range m.Headers {
		if h.Key == key {
			return string(h.Value)
		}
	}
	return ""
}
