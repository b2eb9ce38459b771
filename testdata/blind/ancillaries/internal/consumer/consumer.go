// Package consumer runs the Kafka consumer for booking, flight-operations
// and loyalty events.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/skyway-air/ancillaries/internal/retry"
)

// Envelope is the common wrapper of every event on the shared topics.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// Handler processes one event.
type Handler func(ctx context.Context, env Envelope) error

// Table maps event types to handlers.
type Table map[string]Handler

// On adapts a typed handler: the payload is decoded into T first.
func On[T any](fn func(ctx context.Context, env Envelope, payload T) error) Handler {
	return func(ctx context.Context, env Envelope) error {
		var p T
		if err := json.Unmarshal(env.Payload, &p); err != nil {
			return retry.Permanent(fmt.Errorf("decode %s payload: %w", env.Type, err))
		}
		return fn(ctx, env, p)
	}
}

// Reader is the subset of *kafka.Reader the consumer uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Writer is the subset of *kafka.Writer used for the dead-letter topic.
type Writer interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// Consumer fetches, dispatches and commits messages one at a time.
type Consumer struct {
	reader  Reader
	table   Table
	dlq     Writer
	policy  retry.Policy
	logger  *slog.Logger
	metrics *Metrics
}

// Option configures a Consumer.
type Option func(*Consumer)

// WithDeadLetter sends messages that fail permanently to w.
func WithDeadLetter(w Writer) Option { return func(c *Consumer) { c.dlq = w } }

// WithRetryPolicy sets the retry policy for transient handler errors.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Consumer) { c.policy = p } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(c *Consumer) { c.logger = l } }

// WithMetrics sets the metrics.
func WithMetrics(m *Metrics) Option { return func(c *Consumer) { c.metrics = m } }

// New builds a Consumer.
func New(r Reader, table Table, opts ...Option) *Consumer {
	c := &Consumer{reader: r, table: table, policy: retry.Forever, logger: slog.Default()}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Run consumes until ctx is cancelled. Offsets are committed only after the
// handler succeeded or the message was dead-lettered, so a crash replays
// the uncommitted message.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil
			}
			return fmt.Errorf("consumer: fetch: %w", err)
		}
		if err := c.process(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("consumer: commit: %w", err)
		}
	}
}

func (c *Consumer) process(ctx context.Context, msg kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		return c.deadLetter(ctx, msg, "undecodable envelope", err)
	}
	log := c.logger.With(slog.String("event_id", env.ID), slog.String("type", env.Type),
		slog.String("topic", msg.Topic), slog.Int64("offset", msg.Offset))
	h, ok := c.table[env.Type]
	if !ok {
		log.DebugContext(ctx, "no handler for event type")
		return nil
	}
	start := time.Now()
	err := retry.Notify(ctx, c.policy, func() error {
		return h(ctx, env)
	}, func(err error, wait time.Duration) {
		log.WarnContext(ctx, "handler failed, retrying", slog.Any("err", err), slog.Duration("wait", wait))
	})
	c.metrics.observe(env.Type, start, err)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled):
		return err
	case retry.IsPermanent(err):
		return c.deadLetter(ctx, msg, env.Type, err)
	default:
		return fmt.Errorf("consumer: %s %s: %w", env.Type, env.ID, err)
	}
}

func (c *Consumer) deadLetter(ctx context.Context, msg kafka.Message, what string, cause error) error {
	c.logger.ErrorContext(ctx, "dead-lettering message", slog.String("what", what),
		slog.String("topic", msg.Topic), slog.Int64("offset", msg.Offset), slog.Any("err", cause))
	if c.dlq == nil {
		return nil
	}
	return c.dlq.WriteMessages(ctx, kafka.Message{
		Key:   msg.Key,
		Value: msg.Value,
		Headers: append(msg.Headers,
			kafka.Header{Key: "x-dlq-reason", Value: []byte(cause.Error())},
			kafka.Header{Key: "x-dlq-source-topic", Value: []byte(msg.Topic)},
		),
	})
}
