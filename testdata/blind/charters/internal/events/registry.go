// Package events consumes the partner marina and weather feeds from Pub/Sub
// and publishes charterhub's own domain events.
package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"cloud.google.com/go/pubsub/v2"
)

// Envelope is what handlers see of a Pub/Sub message.
type Envelope struct {
	MessageID       string
	Type            string
	Data            []byte
	Attributes      map[string]string
	PublishTime     time.Time
	DeliveryAttempt int
}

// Handler processes one event. Returning an error nacks the message so
// Pub/Sub redelivers it; wrap with Permanent to drop it instead.
type Handler func(ctx context.Context, env Envelope) error

// Registrar contributes handlers to the registry. Handler sets are
// collected through the "registrars" fx group.
type Registrar interface {
	Register(r *Registry)
}

type Registry struct {
	handlers map[string]Handler
	log      *slog.Logger
}

func NewRegistry(log *slog.Logger, registrars []Registrar) *Registry {
	r := &Registry{handlers: make(map[string]Handler), log: log}
	for _, reg := range registrars {
		reg.Register(r)
	}
	return r
}

// Handle registers h for eventType. Registering a type twice is a wiring
// bug and panics at start-up.
func (r *Registry) Handle(eventType string, h Handler) {
	if _, dup := r.handlers[eventType]; dup {
		panic("events: duplicate handler for " + eventType)
	}
	r.handlers[eventType] = h
}

// Types lists the registered event types.
func (r *Registry) Types() []string {
	out := make([]string, 0, len(r.handlers))
	for t := range r.handlers {
		out = append(out, t)
	}
	return out
}

// Dispatch routes a message on its event_type attribute.
func (r *Registry) Dispatch(ctx context.Context, m *pubsub.Message) error {
	env := Envelope{
		MessageID:   m.ID,
		Type:        m.Attributes["event_type"],
		Data:        m.Data,
		Attributes:  m.Attributes,
		PublishTime: m.PublishTime,
	}
	if m.DeliveryAttempt != nil {
		env.DeliveryAttempt = *m.DeliveryAttempt
	}
	h, ok := r.handlers[env.Type]
	if !ok {
		return Permanent(fmt.Errorf("no handler for event type %q", env.Type))
	}
	return h(ctx, env)
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks an error that redelivery cannot fix.
func Permanent(err error) error { return permanentError{err: err} }

func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Decode adapts a typed function into a Handler, decoding the JSON body.
func Decode[T any](fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, env Envelope) error {
		var v T
		if err := json.Unmarshal(env.Data, &v); err != nil {
			return Permanent(fmt.Errorf("decode %s %s: %w", env.Type, env.MessageID, err))
		}
		return fn(ctx, v)
	}
}
