// Package msgbus consumes the airline operations feed from Kafka and
// dispatches each message to the handler registered for its type.
package msgbus

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"
)

// Envelope is the wire format used by the airline operations systems on
// the flight-movements topic.
type Envelope struct {
	MessageID string          `json:"message_id"`
	Type      string          `json:"type"`
	Source    string          `json:"source"`
	SentAt    time.Time       `json:"sent_at"`
	Payload   json.RawMessage `json:"payload"`

	Topic     string `json:"-"`
	Partition int    `json:"-"`
	Offset    int64  `json:"-"`
}

type HandlerFunc func(ctx context.Context, env Envelope) error

// Middleware wraps a handler; see Dedup.
type Middleware func(HandlerFunc) HandlerFunc

// Registry maps message types to handlers.
type Registry struct {
	handlers map[string]HandlerFunc
}

func NewRegistry() *Registry {
	return &Registry{handlers: make(map[string]HandlerFunc)}
}

// Register binds msgType to a handler that receives the decoded payload.
// Middlewares are applied outermost first.
func Register[T any](r *Registry, msgType string, fn func(ctx context.Context, env Envelope, body T) error, mws ...Middleware) {
	if _, dup := r.handlers[msgType]; dup {
		panic(fmt.Sprintf("msgbus: handler for %q registered twice", msgType))
	}
	var h HandlerFunc = func(ctx context.Context, env Envelope) error {
		var body T
		if err := json.Unmarshal(env.Payload, &body); err != nil {
			return &PoisonError{Err: fmt.Errorf("decode %s payload: %w", msgType, err)}
		}
		return fn(ctx, env, body)
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	r.handlers[msgType] = h
}

// Dispatch routes env to its handler. Unknown types are skipped: the feed
// carries message types this service has no interest in.
func (r *Registry) Dispatch(ctx context.Context, env Envelope) error {
	h, ok := r.handlers[env.Type]
	if !ok {
		slog.DebugContext(ctx, "no handler for message type", "type", env.Type, "message_id", env.MessageID)
		return nil
	}
	return h(ctx, env)
}

// Types lists the registered message types, for startup logging.
func (r *Registry) Types() []string {
	out := make([]string, 0, len(r.handlers))
	for t := range r.handlers {
		out = append(out, t)
	}
	return out
}

// PoisonError marks a message that can never succeed (bad JSON, unknown
// flight). The consumer logs and commits past it.
type PoisonError struct{ Err error }

func (e *PoisonError) Error() string { return "poison message: " + e.Err.Error() }
func (e *PoisonError) Unwrap() error { return e.Err }
