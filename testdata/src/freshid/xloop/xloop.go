// Package xloop is a consumer loop written once: its callers in other
// packages hand it the handler that does each delivery's work.
package xloop

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
)

// Handler does one delivery's work.
type Handler func(ctx context.Context, m kafka.Message) error

// Run fetches messages and commits each after handle returns nil.
func Run(ctx context.Context, r *kafka.Reader, handle Handler) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, m); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}

// Each calls its function once per element, with no delivery: no root.
func Each(items []string, do func(string)) {
	for _, it := range items {
		do(it)
	}
}

// Registry keeps typed event handlers for a watermill router.
type Registry struct {
	fns []message.NoPublishHandlerFunc
}

// Handle registers fn, which runs once per delivery with the message's
// payload decoded.
func Handle[T any](r *Registry, fn func(ctx context.Context, evt T, msg *message.Message) error) {
	r.fns = append(r.fns, func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			return nil
		}
		return fn(msg.Context(), evt, msg)
	})
}

// Deferred returns a function that calls fn: no delivery, no root.
func Deferred(fn func(ctx context.Context)) func() {
	return func() { fn(context.Background()) }
}

// Adapt wraps a typed handler in an HTTP handler that decodes the
// request for it.
func Adapt[Req any](status int, fn func(ctx context.Context, req Req) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err := fn(r.Context(), req); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(status)
	}
}

// Created is Adapt answering 201: it hands fn on.
func Created[Req any](fn func(ctx context.Context, req Req) error) http.HandlerFunc {
	return Adapt(http.StatusCreated, fn)
}

// Accepted hands fn on to Created, which hands it on to Adapt.
func Accepted[Req any](fn func(ctx context.Context, req Req) error) http.HandlerFunc {
	return Created(fn)
}

// Later hands fn on to Deferred, which no delivery runs: no root.
func Later(fn func(ctx context.Context)) func() {
	return Deferred(fn)
}

// A Router keeps a handler per topic, wrapped in its middleware, and a
// Consumer calls the one of each message's topic.
type Router struct {
	routes map[string]*route
	mw     []func(Handler) Handler
}

type route struct {
	handler Handler
}

// Route registers h for topic.
func (r *Router) Route(topic string, h Handler) {
	rt := &route{handler: h}
	for _, m := range r.mw {
		rt.handler = m(rt.handler)
	}
	r.routes[topic] = rt
}

// Consume calls the route of each message's topic.
func (r *Router) Consume(ctx context.Context, rd *kafka.Reader) error {
	for {
		m, err := rd.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if rt, ok := r.routes[m.Topic]; ok {
			if err := rt.handler(ctx, m); err != nil {
				continue
			}
		}
		rd.CommitMessages(ctx, m)
	}
}

// A Consumer keeps one handler, given to its constructor with the
// middleware that wraps it.
type Consumer struct {
	r       *kafka.Reader
	handler Handler
	// OnStop runs once, when the consumer stops: no delivery.
	OnStop func(ctx context.Context)
}

// NewConsumer keeps h, wrapped in mw.
func NewConsumer(r *kafka.Reader, h Handler, mw ...func(Handler) Handler) *Consumer {
	for _, m := range mw {
		h = m(h)
	}
	return &Consumer{r: r, handler: h}
}

// Run calls the handler for each message.
func (c *Consumer) Run(ctx context.Context) error {
	defer c.OnStop(ctx)
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		// Each message is retried in place before the next is fetched.
		if err := backoff.Retry(func() error { return c.handler(ctx, m) }, backoff.NewExponentialBackOff()); err == nil {
			c.r.CommitMessages(ctx, m)
		}
	}
}

// A Subscription is an entry of a table of handlers, one per topic.
type Subscription struct {
	Topic   string
	Handler Handler
}

// Start runs each subscription's handler for its messages.
func Start(ctx context.Context, rd *kafka.Reader, subs []Subscription) {
	for {
		m, err := rd.FetchMessage(ctx)
		if err != nil {
			return
		}
		for _, s := range subs {
			if s.Topic == m.Topic {
				s.Handler(ctx, m)
			}
		}
	}
}
