// Package xroutevar runs a consumer group over a table of routes: each
// message's handler is looked up in a loop and kept in a variable,
// which a retry closure calls.
package xroutevar

import (
	"context"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
)

// Handler handles one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Route binds a handler to a topic.
type Route struct {
	Topic   string
	Handler Handler
}

// Consumer reads messages and runs their routes.
type Consumer struct {
	r      *kafka.Reader
	routes []Route
}

// NewConsumer returns a consumer of the routes.
func NewConsumer(r *kafka.Reader, routes []Route) *Consumer { return &Consumer{r: r, routes: routes} }

// Run reads until the reader fails.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.dispatch(ctx, m); err != nil {
			return err
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, m kafka.Message) error {
	var h Handler
	for _, r := range c.routes {
		if r.Topic == m.Topic {
			h = r.Handler
			break
		}
	}
	if h == nil {
		return nil
	}
	return backoff.Retry(func() error { return h(ctx, m) }, backoff.NewExponentialBackOff())
}
