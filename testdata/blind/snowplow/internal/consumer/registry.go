// Package consumer dispatches JetStream messages to handlers looked up by
// subject in a registration table.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/nats-io/nats.go/jetstream"
)

// Handler processes one message. Returning nil acks it; returning an error
// naks it for redelivery unless the error is permanent.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// Decorator wraps a Handler.
type Decorator func(Handler) Handler

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth redelivering.
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

// Route is one row of the registration table.
type Route struct {
	Stream     string
	Subject    string
	Handle     Handler
	Decorators []Decorator
}

// Registry maps subjects to handlers.
type Registry struct {
	handlers map[string]Handler
	streams  map[string][]string
}

// NewRegistry builds a registry from a table of routes. Decorators are
// applied so that the first listed is the outermost.
func NewRegistry(routes []Route) (*Registry, error) {
	r := &Registry{handlers: map[string]Handler{}, streams: map[string][]string{}}
	for _, rt := range routes {
		if _, dup := r.handlers[rt.Subject]; dup {
			return nil, fmt.Errorf("consumer: subject %q registered twice", rt.Subject)
		}
		h := rt.Handle
		for i := len(rt.Decorators) - 1; i >= 0; i-- {
			h = rt.Decorators[i](h)
		}
		r.handlers[rt.Subject] = h
		r.streams[rt.Stream] = append(r.streams[rt.Stream], rt.Subject)
	}
	return r, nil
}

// Lookup returns the handler for subject.
func (r *Registry) Lookup(subject string) (Handler, bool) {
	h, ok := r.handlers[subject]
	return h, ok
}

// Streams lists the streams that have routes.
func (r *Registry) Streams() []string {
	out := make([]string, 0, len(r.streams))
	for s := range r.streams {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// Subjects lists the subjects registered on stream.
func (r *Registry) Subjects(stream string) []string {
	out := append([]string(nil), r.streams[stream]...)
	sort.Strings(out)
	return out
}

// JSON adapts a typed function to a Handler. Undecodable payloads are
// permanent failures.
func JSON[T any](fn func(ctx context.Context, v T) error) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", msg.Subject(), err))
		}
		return fn(ctx, v)
	}
}
