// Package consumer reads the honey house's Kafka topics (scale readings and
// lab grading events) and dispatches each event to its service.
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

	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
)

// Envelope is the common wrapper of every event on our topics.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// HandlerFunc applies one event.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Handlers maps an event type to its handler.
type Handlers map[string]HandlerFunc

// Decode adapts a typed service method to a HandlerFunc.
func Decode[T any](fn func(context.Context, T) error) HandlerFunc {
	return func(ctx context.Context, env Envelope) error {
		var v T
		if err := json.Unmarshal(env.Data, &v); err != nil {
			return fmt.Errorf("%w: decode %s: %v", errPoison, env.Type, err)
		}
		return fn(ctx, v)
	}
}

var errPoison = errors.New("poison message")

// Reader is the part of *kafka.Reader the dispatcher uses.
type Reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

type Dispatcher struct {
	handlers   Handlers
	log        *slog.Logger
	newBackOff func() backoff.BackOff
}

func NewDispatcher(handlers Handlers, log *slog.Logger) *Dispatcher {
	return &Dispatcher{
		handlers: handlers,
		log:      log,
		newBackOff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 500 * time.Millisecond
			b.MaxInterval = time.Minute
			b.MaxElapsedTime = 0 // keep retrying: the partition waits for us
			return b
		},
	}
}

// Run consumes until ctx is cancelled. An offset is committed only after its
// handler succeeded, so a crash or rebalance redelivers the message.
func (d *Dispatcher) Run(ctx context.Context, r Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := d.dispatch(ctx, m); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("commit %s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
		}
	}
}

func (d *Dispatcher) dispatch(ctx context.Context, m kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(m.Value, &env); err != nil {
		d.log.ErrorContext(ctx, "skipping undecodable message", "topic", m.Topic, "offset", m.Offset, "err", err)
		return nil
	}
	h, ok := d.handlers[env.Type]
	if !ok {
		d.log.DebugContext(ctx, "no handler", "type", env.Type)
		return nil
	}
	log := d.log.With("topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "event", env.ID, "type", env.Type)

	op := func() error {
		err := h(ctx, env)
		if errors.Is(err, errPoison) || errors.Is(err, apperr.ErrInvalid) {
			return backoff.Permanent(err)
		}
		return err
	}
	notify := func(err error, wait time.Duration) {
		log.WarnContext(ctx, "handler failed, retrying", "err", err, "wait", wait)
	}
	err := backoff.RetryNotify(op, backoff.WithContext(d.newBackOff(), ctx), notify)
	var perm *backoff.PermanentError
	if errors.As(err, &perm) || errors.Is(err, errPoison) || errors.Is(err, apperr.ErrInvalid) {
		log.ErrorContext(ctx, "dropping message", "err", err)
		return nil
	}
	return err
}
