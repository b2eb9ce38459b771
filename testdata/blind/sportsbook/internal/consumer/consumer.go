// Package consumer runs Kafka readers and dispatches each message to a
// handler chosen by event type.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

// Event is a decoded message envelope.
type Event struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`

	Topic     string `json:"-"`
	Key       string `json:"-"`
	Partition int    `json:"-"`
	Offset    int64  `json:"-"`
}

// HandlerFunc handles one event. Returning an error makes the runner retry
// the same message; wrap with Permanent to skip it instead.
type HandlerFunc func(ctx context.Context, evt Event) error

// Registry maps event types to handlers.
type Registry map[string]HandlerFunc

// Middleware wraps a handler.
type Middleware func(HandlerFunc) HandlerFunc

// With returns a copy of the registry with every handler wrapped by mws, the
// first middleware outermost.
func (r Registry) With(mws ...Middleware) Registry {
	out := make(Registry, len(r))
	for t, h := range r {
		for i := len(mws) - 1; i >= 0; i-- {
			h = mws[i](h)
		}
		out[t] = h
	}
	return out
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Decode unmarshals the event data into T.
func Decode[T any](evt Event) (T, error) {
	var v T
	if err := json.Unmarshal(evt.Data, &v); err != nil {
		return v, Permanent(fmt.Errorf("consumer: decode %s %s: %w", evt.Type, evt.ID, err))
	}
	return v, nil
}

// Typed adapts a handler of a concrete payload type to HandlerFunc.
func Typed[T any](fn func(ctx context.Context, evt Event, payload T) error) HandlerFunc {
	return func(ctx context.Context, evt Event) error {
		p, err := Decode[T](evt)
		if err != nil {
			return err
		}
		return fn(ctx, evt, p)
	}
}

func parse(m kafka.Message) (Event, error) {
	var evt Event
	if err := json.Unmarshal(m.Value, &evt); err != nil {
		return evt, Permanent(fmt.Errorf("consumer: bad envelope at %s/%d/%d: %w", m.Topic, m.Partition, m.Offset, err))
	}
	for _, h := range m.Headers {
		switch h.Key {
		case "event-id":
			if evt.ID == "" {
				evt.ID = string(h.Value)
			}
		case "event-type":
			if evt.Type == "" {
				evt.Type = string(h.Value)
			}
		}
	}
	evt.Topic, evt.Key, evt.Partition, evt.Offset = m.Topic, string(m.Key), m.Partition, m.Offset
	return evt, nil
}

// Fetcher is the subset of *kafka.Reader used by Runner.
type Fetcher interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Runner consumes messages one at a time and commits each after its handler
// succeeded.
type Runner struct {
	Name     string
	Reader   Fetcher
	Registry Registry
	Log      *slog.Logger
	Metrics  *telemetry.Metrics
	// Backoff between attempts at a failing message.
	MinBackoff time.Duration
	MaxBackoff time.Duration
}

// Run blocks until ctx is cancelled or the reader fails.
func (r *Runner) Run(ctx context.Context) error {
	if r.MinBackoff == 0 {
		r.MinBackoff = 500 * time.Millisecond
	}
	if r.MaxBackoff == 0 {
		r.MaxBackoff = 30 * time.Second
	}
	for {
		m, err := r.Reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%s: fetch: %w", r.Name, err)
		}
		if err := r.handle(ctx, m); err != nil {
			return err
		}
		if err := r.Reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("%s: commit: %w", r.Name, err)
		}
	}
}

func (r *Runner) handle(ctx context.Context, m kafka.Message) error {
	evt, err := parse(m)
	if err != nil {
		r.Log.Error("dropping unreadable message", "consumer", r.Name, "err", err)
		return nil
	}
	h, ok := r.Registry[evt.Type]
	if !ok {
		r.Metrics.Events.WithLabelValues(evt.Type, "ignored").Inc()
		return nil
	}
	backoff := r.MinBackoff
	for attempt := 1; ; attempt++ {
		err := h(ctx, evt)
		if err == nil {
			r.Metrics.Events.WithLabelValues(evt.Type, "handled").Inc()
			return nil
		}
		if IsPermanent(err) {
			r.Metrics.Events.WithLabelValues(evt.Type, "rejected").Inc()
			r.Log.Error("skipping event", "consumer", r.Name, "type", evt.Type, "id", evt.ID, "err", err)
			return nil
		}
		r.Metrics.Events.WithLabelValues(evt.Type, "retry").Inc()
		r.Log.Warn("handler failed, retrying", "consumer", r.Name, "type", evt.Type, "id", evt.ID,
			"attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, r.MaxBackoff)
	}
}

// Logging logs every handled event at debug level.
func Logging(log *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, evt Event) error {
			start := time.Now()
			err := next(ctx, evt)
			log.Debug("event handled", "type", evt.Type, "id", evt.ID, "partition", evt.Partition,
				"offset", evt.Offset, "took", time.Since(start), "err", err)
			return err
		}
	}
}

// Tracing opens a span per event.
func Tracing(name string) Middleware {
	tracer := telemetry.Tracer(name)
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, evt Event) error {
			ctx, span := telemetry.Start(ctx, tracer, "consume "+evt.Type, "event.id", evt.ID, "topic", evt.Topic)
			err := next(ctx, evt)
			telemetry.End(span, err)
			return err
		}
	}
}

// NewReader builds a kafka-go reader for a consumer group.
func NewReader(brokers []string, group string, topics ...string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        brokers,
		GroupID:        group,
		GroupTopics:    topics,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
}
