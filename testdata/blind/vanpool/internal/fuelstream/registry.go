// Package fuelstream consumes the fuel card processor's Kafka event stream and
// dispatches each event type to its handler.
package fuelstream

import (
	"context"
	"errors"
	"log/slog"

	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/provider/fuelcard"
	"github.com/pooltrack/vanpool/internal/repo"
)

// HandlerFunc handles one decoded stream event.
type HandlerFunc func(ctx context.Context, evt fuelcard.StreamEvent) error

// ErrPoison marks an event that can never be processed (bad payload); the
// consumer logs it and moves on instead of retrying.
var ErrPoison = errors.New("poison event")

// Registry maps event types to handlers.
type Registry struct {
	handlers map[string]HandlerFunc
	log      *slog.Logger
}

// NewRegistry returns an empty Registry.
func NewRegistry(log *slog.Logger) *Registry {
	return &Registry{handlers: map[string]HandlerFunc{}, log: log}
}

// Register adds a handler for eventType, replacing any previous one.
func (r *Registry) Register(eventType string, h HandlerFunc) {
	r.handlers[eventType] = h
}

// Dispatch runs the handler for evt.Type. Types nobody registered are skipped.
func (r *Registry) Dispatch(ctx context.Context, evt fuelcard.StreamEvent) error {
	h, ok := r.handlers[evt.Type]
	if !ok {
		r.log.Debug("no handler for fuel event", "type", evt.Type, "id", evt.ID)
		return nil
	}
	return h(ctx, evt)
}

// Once skips events a consumer has already handled, using the
// processed_stream_events table.
type Once struct {
	store    *repo.StreamEvents
	q        db.Querier
	consumer string
}

// NewOnce returns a Once for the fuel stream consumer.
func NewOnce(store *repo.StreamEvents, q db.Querier) Once {
	return Once{store: store, q: q, consumer: "fuel-stream"}
}

// Wrap returns h guarded by the processed-event table.
func (o Once) Wrap(h HandlerFunc) HandlerFunc {
	return func(ctx context.Context, evt fuelcard.StreamEvent) error {
		seen, err := o.store.Seen(ctx, o.q, o.consumer, evt.ID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := h(ctx, evt); err != nil {
			return err
		}
		return o.store.MarkProcessed(ctx, o.q, o.consumer, evt.ID)
	}
}
