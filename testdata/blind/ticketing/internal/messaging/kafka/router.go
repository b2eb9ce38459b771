// Package kafka is a thin consumer framework on top of franz-go: handlers are
// registered per topic in a Router and a Consumer polls, dispatches, retries
// in-process and commits offsets only after a record has been handled.
package kafka

import (
	"context"
	"sort"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// HandlerFunc handles one record. Returning an error triggers an in-process
// retry; after the attempts are exhausted the record goes to the DLQ.
type HandlerFunc func(ctx context.Context, rec *kgo.Record) error

// Middleware decorates a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

type route struct {
	topic       string
	handler     HandlerFunc
	maxAttempts uint64
	timeout     time.Duration
	dlq         string
}

// RouteOption customises a registration.
type RouteOption func(*route)

// WithMaxAttempts caps in-process attempts for a record.
func WithMaxAttempts(n uint64) RouteOption { return func(r *route) { r.maxAttempts = n } }

// WithTimeout bounds a single handler attempt.
func WithTimeout(d time.Duration) RouteOption { return func(r *route) { r.timeout = d } }

// WithDLQ overrides the dead-letter topic (default "<topic>.dlq").
func WithDLQ(topic string) RouteOption { return func(r *route) { r.dlq = topic } }

// Router maps topics to handlers.
type Router struct {
	routes map[string]*route
	mw     []Middleware
}

func NewRouter(mw ...Middleware) *Router {
	return &Router{routes: map[string]*route{}, mw: mw}
}

// Handle registers h for topic.
func (r *Router) Handle(topic string, h HandlerFunc, opts ...RouteOption) {
	rt := &route{topic: topic, handler: h, maxAttempts: 5, timeout: 30 * time.Second, dlq: topic + ".dlq"}
	for _, o := range opts {
		o(rt)
	}
	for i := len(r.mw) - 1; i >= 0; i-- {
		rt.handler = r.mw[i](rt.handler)
	}
	r.routes[topic] = rt
}

// Topics lists registered topics.
func (r *Router) Topics() []string {
	out := make([]string, 0, len(r.routes))
	for t := range r.routes {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

func (r *Router) lookup(topic string) (*route, bool) {
	rt, ok := r.routes[topic]
	return rt, ok
}
