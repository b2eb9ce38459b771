// Package doorevents consumes the Kafka topics that lockers publish to
// through the LockerOS bridge: door state changes and telemetry.
package doorevents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/quayside/lockers/internal/platform/observe"
)

// Envelope is the common shape of every locker message.
type Envelope struct {
	EventID       string          `json:"event_id"`
	Type          string          `json:"type"`
	LockerID      string          `json:"locker_id"`
	CompartmentID string          `json:"compartment_id,omitempty"`
	OccurredAt    time.Time       `json:"occurred_at"`
	Data          json.RawMessage `json:"data,omitempty"`
}

// Route handles one message type.
type Route func(ctx context.Context, env Envelope, raw []byte) error

// MessageReader is the part of *kafka.Reader the consumer uses.
type MessageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

type ConsumerOption func(*Consumer)

func WithMetrics(m *observe.Metrics) ConsumerOption {
	return func(c *Consumer) { c.metrics = m }
}

func WithRetryBackoff(min, max time.Duration) ConsumerOption {
	return func(c *Consumer) { c.minBackoff, c.maxBackoff = min, max }
}

// Consumer reads one topic as part of a consumer group. Offsets are
// committed only after a message has been handled, so a crash or a
// rebalance hands unacknowledged messages to the next member.
type Consumer struct {
	topic      string
	reader     MessageReader
	routes     map[string]Route
	log        *slog.Logger
	metrics    *observe.Metrics
	minBackoff time.Duration
	maxBackoff time.Duration
}

func NewConsumer(topic string, reader MessageReader, routes map[string]Route, log *slog.Logger, opts ...ConsumerOption) *Consumer {
	c := &Consumer{
		topic:      topic,
		reader:     reader,
		routes:     routes,
		log:        log.With("topic", topic),
		minBackoff: 500 * time.Millisecond,
		maxBackoff: 30 * time.Second,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *Consumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := c.handleWithRetry(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("commit: %w", err)
		}
	}
}

// handleWithRetry keeps retrying a failing message; the partition does not
// advance until it succeeds, which keeps per-compartment ordering intact.
func (c *Consumer) handleWithRetry(ctx context.Context, msg kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		c.log.ErrorContext(ctx, "undecodable message, skipping", "partition", msg.Partition, "offset", msg.Offset, "err", err)
		return nil
	}
	route, ok := c.routes[env.Type]
	if !ok {
		c.log.DebugContext(ctx, "ignoring message type", "type", env.Type)
		return nil
	}
	backoff := c.minBackoff
	for attempt := 1; ; attempt++ {
		err := route(ctx, env, msg.Value)
		c.metrics.ObserveMessage(c.topic, env.Type, err)
		if err == nil {
			return nil
		}
		c.log.ErrorContext(ctx, "handler failed", "type", env.Type, "event_id", env.EventID,
			"partition", msg.Partition, "offset", msg.Offset, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff *= 2
		if backoff > c.maxBackoff {
			backoff = c.maxBackoff
		}
	}
}
