package consumer

import (
	"context"
	"fmt"
)

// Router dispatches messages to handlers by exact subject.
type Router struct {
	routes map[string]Handler
}

// NewRouter returns an empty router.
func NewRouter() *Router {
	return &Router{routes: map[string]Handler{}}
}

// On registers h for subject.
func (r *Router) On(subject string, h HandlerFunc) *Router {
	r.routes[subject] = h
	return r
}

// Subjects lists the registered subjects, for use as filter subjects.
func (r *Router) Subjects() []string {
	out := make([]string, 0, len(r.routes))
	for s := range r.routes {
		out = append(out, s)
	}
	return out
}

// Handle implements Handler.
func (r *Router) Handle(ctx context.Context, m Message) error {
	h, ok := r.routes[m.Subject]
	if !ok {
		return Permanent(fmt.Errorf("no route for subject %q", m.Subject))
	}
	return h.Handle(ctx, m)
}
