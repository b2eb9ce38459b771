// Package consumer runs Kafka consumer-group loops. Offsets are committed only
// after the handler returns nil; a failing message is retried in place with
// backoff so per-partition ordering is preserved.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
)

// Reader is the subset of *kafka.Reader the runner uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Handler processes one message.
type Handler func(ctx context.Context, msg kafka.Message) error

// Runner drives one reader.
type Runner struct {
	name       string
	reader     Reader
	handler    Handler
	log        *slog.Logger
	metrics    metrics.Recorder
	minBackoff time.Duration
	maxBackoff time.Duration
	timeout    time.Duration
}

// Option configures a Runner.
type Option func(*Runner)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(r *Runner) { r.log = l } }

// WithMetrics sets the metrics recorder.
func WithMetrics(m metrics.Recorder) Option { return func(r *Runner) { r.metrics = m } }

// WithBackoff sets the retry backoff bounds.
func WithBackoff(min, max time.Duration) Option {
	return func(r *Runner) { r.minBackoff, r.maxBackoff = min, max }
}

// WithHandlerTimeout bounds a single handler invocation.
func WithHandlerTimeout(d time.Duration) Option { return func(r *Runner) { r.timeout = d } }

// NewRunner returns a Runner for reader.
func NewRunner(name string, reader Reader, h Handler, opts ...Option) *Runner {
	r := &Runner{
		name:       name,
		reader:     reader,
		handler:    h,
		log:        slog.Default(),
		metrics:    metrics.Nop{},
		minBackoff: 200 * time.Millisecond,
		maxBackoff: 30 * time.Second,
		timeout:    30 * time.Second,
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// NewKafkaReader builds a consumer-group reader with manual commits.
func NewKafkaReader(brokers []string, group, topic string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        brokers,
		GroupID:        group,
		Topic:          topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
}

// Run consumes until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	for {
		msg, err := r.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("%s: fetch: %w", r.name, err)
		}
		if err := r.process(ctx, msg); err != nil {
			return err
		}
		if err := r.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("%s: commit offset %d: %w", r.name, msg.Offset, err)
		}
	}
}

func (r *Runner) process(ctx context.Context, msg kafka.Message) error {
	backoff := r.minBackoff
	for attempt := 1; ; attempt++ {
		hctx, cancel := context.WithTimeout(ctx, r.timeout)
		start := time.Now()
		err := r.handler(hctx, msg)
		cancel()
		r.metrics.Observe("consumer_handle", time.Since(start), r.name)
		if err == nil {
			r.metrics.Inc("consumer_messages_total", r.name, "ok")
			return nil
		}
		if errors.Is(err, ErrSkip) {
			r.metrics.Inc("consumer_messages_total", r.name, "skipped")
			r.log.WarnContext(ctx, "skipping message", "consumer", r.name,
				"partition", msg.Partition, "offset", msg.Offset, "err", err)
			return nil
		}
		r.metrics.Inc("consumer_messages_total", r.name, "retry")
		r.log.ErrorContext(ctx, "handler failed, retrying", "consumer", r.name,
			"partition", msg.Partition, "offset", msg.Offset, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, r.maxBackoff)
	}
}

// ErrSkip marks a message that can never be processed (malformed, unknown
// type); the runner commits past it.
var ErrSkip = errors.New("skip message")

// Envelope is the common shape of events on our topics.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// DecodeEnvelope parses msg's value as an Envelope.
func DecodeEnvelope(msg kafka.Message) (Envelope, error) {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		return env, fmt.Errorf("%w: decode envelope: %v", ErrSkip, err)
	}
	if env.ID == "" || env.Type == "" {
		return env, fmt.Errorf("%w: envelope missing id or type", ErrSkip)
	}
	return env, nil
}

// TypeHandler handles one decoded event type.
type TypeHandler func(ctx context.Context, env Envelope) error

// Dispatch routes envelopes to handlers by type; unknown types are skipped.
func Dispatch(table map[string]TypeHandler) Handler {
	return func(ctx context.Context, msg kafka.Message) error {
		env, err := DecodeEnvelope(msg)
		if err != nil {
			return err
		}
		h, ok := table[env.Type]
		if !ok {
			return fmt.Errorf("%w: no handler for %q", ErrSkip, env.Type)
		}
		return h(ctx, env)
	}
}

// DecodeData unmarshals an envelope payload into T.
func DecodeData[T any](env Envelope) (T, error) {
	var v T
	if err := json.Unmarshal(env.Data, &v); err != nil {
		return v, fmt.Errorf("%w: decode %s payload: %v", ErrSkip, env.Type, err)
	}
	return v, nil
}
