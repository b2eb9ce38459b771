package jobs

import (
	"context"
	"errors"
	"fmt"
	"sort"
)

// Handler runs one job.
type Handler interface {
	Handle(ctx context.Context, job Job) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, job Job) error

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, job Job) error { return f(ctx, job) }

// Typed adapts a handler of a decoded payload to Handler.
func Typed[P any](fn func(ctx context.Context, job Job, payload P) error) Handler {
	return HandlerFunc(func(ctx context.Context, job Job) error {
		var p P
		if err := job.Decode(&p); err != nil {
			return Permanent(err)
		}
		return fn(ctx, job, p)
	})
}

// Registry maps job kinds to handlers.
type Registry struct {
	handlers map[string]Handler
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{handlers: make(map[string]Handler)}
}

// Register adds h for kind; registering a kind twice panics.
func (r *Registry) Register(kind string, h Handler) {
	if _, dup := r.handlers[kind]; dup {
		panic(fmt.Sprintf("jobs: handler for %q registered twice", kind))
	}
	r.handlers[kind] = h
}

// Lookup returns the handler for kind.
func (r *Registry) Lookup(kind string) (Handler, bool) {
	h, ok := r.handlers[kind]
	return h, ok
}

// Kinds lists registered kinds.
func (r *Registry) Kinds() []string {
	out := make([]string, 0, len(r.handlers))
	for k := range r.handlers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return permanentError{err: err} }

// IsPermanent reports whether err was marked Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}
