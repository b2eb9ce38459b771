// Package xrouter is a Kafka consumer framework of the program's own: a
// router keeps handlers by topic, wrapped in middleware, and a group
// looks each up and runs it for every message of its topic.
package xrouter

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// HandlerFunc handles one message.
type HandlerFunc func(ctx context.Context, m kafka.Message) error

// Middleware wraps a handler.
type Middleware func(HandlerFunc) HandlerFunc

// Router keeps handlers by topic.
type Router struct {
	handlers map[string]HandlerFunc
	global   []Middleware
}

// Handle registers h for topic, wrapped in mw and the global middleware.
func (r *Router) Handle(topic string, h HandlerFunc, mw ...Middleware) {
	h = chain(h, mw...)
	h = chain(h, r.global...)
	r.handlers[topic] = h
}

// Lookup returns the handler of topic.
func (r *Router) Lookup(topic string) (HandlerFunc, bool) {
	h, ok := r.handlers[topic]
	return h, ok
}

func chain(h HandlerFunc, mw ...Middleware) HandlerFunc {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// Group runs the router's handlers.
type Group struct{ router *Router }

// Start runs a reader per topic.
func (g *Group) Start(ctx context.Context, topics []string) {
	for _, topic := range topics {
		h, _ := g.router.Lookup(topic)
		go func(topic string, h HandlerFunc) {
			g.consume(ctx, topic, h)
		}(topic, h)
	}
}

func (g *Group) consume(ctx context.Context, topic string, h HandlerFunc) error {
	r := kafka.NewReader(kafka.ReaderConfig{Topic: topic, GroupID: "g"})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h(ctx, m); err != nil {
			return err
		}
		r.CommitMessages(ctx, m)
	}
}
