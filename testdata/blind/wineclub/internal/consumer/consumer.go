// Package consumer reads payment and shipment events from Kafka and runs the
// handler registered for each event type.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/platform/metrics"
)

// Handler processes one event. A returned error leaves the offset
// uncommitted and the message is redelivered.
type Handler func(ctx context.Context, env events.Envelope) error

// Table maps event types to handlers.
type Table map[string]Handler

// Typed adapts a handler over a decoded payload.
func Typed[T any](fn func(ctx context.Context, env events.Envelope, data T) error) Handler {
	return func(ctx context.Context, env events.Envelope) error {
		var data T
		if err := json.Unmarshal(env.Data, &data); err != nil {
			return fmt.Errorf("decode %s: %w", env.Type, errPoison)
		}
		return fn(ctx, env, data)
	}
}

var errPoison = errors.New("undecodable message")

// Runner consumes a set of topics with one reader each.
type Runner struct {
	brokers  []string
	groupID  string
	topics   []string
	table    Table
	attempts int
	log      *slog.Logger
	metrics  *metrics.Registry
}

// NewRunner builds the runner.
func NewRunner(brokers []string, groupID string, topics []string, table Table, log *slog.Logger, reg *metrics.Registry) *Runner {
	return &Runner{brokers: brokers, groupID: groupID, topics: topics, table: table, attempts: 8, log: log, metrics: reg}
}

// Run blocks until ctx is cancelled or a reader fails.
func (r *Runner) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(r.topics))
	for _, topic := range r.topics {
		reader := kafka.NewReader(kafka.ReaderConfig{
			Brokers:        r.brokers,
			GroupID:        r.groupID,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			CommitInterval: 0,
			StartOffset:    kafka.FirstOffset,
		})
		wg.Add(1)
		go func(rd *kafka.Reader) {
			defer wg.Done()
			defer rd.Close()
			if err := r.consume(ctx, rd); err != nil {
				errs <- err
				cancel()
			}
		}(reader)
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func (r *Runner) consume(ctx context.Context, rd *kafka.Reader) error {
	for {
		msg, err := rd.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch %s: %w", rd.Config().Topic, err)
		}
		if err := r.dispatch(ctx, msg); err != nil {
			return err
		}
		if err := rd.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit %s@%d: %w", msg.Topic, msg.Offset, err)
		}
	}
}

// dispatch runs the handler with backoff. After the last attempt it returns
// the error so the process restarts and the group rebalances.
func (r *Runner) dispatch(ctx context.Context, msg kafka.Message) error {
	var env events.Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		r.log.ErrorContext(ctx, "dropping undecodable envelope", "topic", msg.Topic, "offset", msg.Offset)
		return nil
	}
	h, ok := r.table[env.Type]
	if !ok {
		return nil
	}
	backoff := 200 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := h(ctx, env)
		if err == nil {
			r.metrics.Counter("events_handled_total", env.Type, "ok").Inc()
			return nil
		}
		if errors.Is(err, errPoison) {
			r.log.ErrorContext(ctx, "dropping poison message", "type", env.Type, "id", env.ID, "err", err)
			return nil
		}
		r.metrics.Counter("events_handled_total", env.Type, "error").Inc()
		r.log.WarnContext(ctx, "handler failed", "type", env.Type, "id", env.ID, "attempt", attempt, "err", err)
		if attempt >= r.attempts {
			return fmt.Errorf("%s %s: giving up after %d attempts: %w", env.Type, env.ID, attempt, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		if backoff < 10*time.Second {
			backoff *= 2
		}
	}
}
