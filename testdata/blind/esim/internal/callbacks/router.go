// Package callbacks handles the partner callbacks the API gateway forwards to
// SQS: carrier lifecycle and usage events, and payment notifications.
package callbacks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// ErrUnknownType marks an event no handler is registered for.
var ErrUnknownType = errors.New("callbacks: unknown event type")

// Event is the envelope of a carrier callback.
type Event struct {
	ID         string          `json:"event_id"`
	Type       string          `json:"type"`
	Carrier    string          `json:"carrier"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Handler processes one event.
type Handler func(ctx context.Context, ev Event) error

// Router dispatches carrier events by type.
type Router struct {
	routes map[string]Handler
	log    *slog.Logger
}

// NewRouter returns a router over routes.
func NewRouter(routes map[string]Handler, log *slog.Logger) *Router {
	return &Router{routes: routes, log: log}
}

// Dispatch decodes body and runs the handler of its type. Unknown types are
// logged and acknowledged.
func (r *Router) Dispatch(ctx context.Context, body []byte) error {
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		r.log.ErrorContext(ctx, "undecodable carrier event", "err", err)
		return nil
	}
	h, ok := r.routes[ev.Type]
	if !ok {
		r.log.WarnContext(ctx, "no handler for carrier event", "type", ev.Type, "carrier", ev.Carrier, "event", ev.ID)
		return nil
	}
	if err := h(ctx, ev); err != nil {
		return fmt.Errorf("%s %s: %w", ev.Type, ev.ID, err)
	}
	return nil
}

func decode[T any](ev Event) (T, error) {
	var v T
	if err := json.Unmarshal(ev.Data, &v); err != nil {
		return v, fmt.Errorf("decode %s data: %w", ev.Type, err)
	}
	return v, nil
}
