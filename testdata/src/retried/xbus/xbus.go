// Package xbus is a service's own subscription framework: routes of a
// subject and a handler, chained with middleware, run by a consumer's
// callback.
package xbus

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
)

// A Handler handles one message.
type Handler func(ctx context.Context, m jetstream.Msg) error

// Middleware wraps a Handler.
type Middleware func(next Handler) Handler

// A Route subscribes a handler to a subject.
type Route struct {
	Subject    string
	Handler    Handler
	Middleware []Middleware
}

// On makes a route.
func On(subject string, h Handler, mw ...Middleware) Route {
	return Route{Subject: subject, Handler: h, Middleware: mw}
}

// Logged logs each message.
func Logged(next Handler) Handler {
	return func(ctx context.Context, m jetstream.Msg) error { return next(ctx, m) }
}

func chain(h Handler, mw []Middleware) Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// Router runs routes.
type Router struct{ routes []Route }

// Add adds routes.
func (r *Router) Add(routes ...Route) { r.routes = append(r.routes, routes...) }

// Run consumes each route's subject: the callback runs its handler,
// chained with its middleware, on each delivery.
func (r *Router) Run(ctx context.Context, consume func(subject string, cb func(jetstream.Msg))) {
	for _, rt := range r.routes {
		h := chain(rt.Handler, rt.Middleware)
		consume(rt.Subject, func(m jetstream.Msg) { // want `root: JetStream handler func literal in Router.Run`
			if h(ctx, m) == nil {
				m.Ack()
			}
		})
	}
}
