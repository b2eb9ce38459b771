// Package xrunner runs a kafka reader per route and hands each message
// to the route's handler through a helper that retries it a few times
// before the message is redelivered.
package xrunner

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// HandlerFunc handles one message.
type HandlerFunc func(ctx context.Context, m kafka.Message) error

// Route binds a topic to its handler.
type Route struct {
	Topic   string
	Handler HandlerFunc
}

// Runner consumes its routes.
type Runner struct{ routes []Route }

// New returns a runner of routes.
func New(routes []Route) *Runner { return &Runner{routes: routes} }

// Run consumes each route's topic.
func (r *Runner) Run(ctx context.Context) {
	for _, rt := range r.routes {
		go r.consume(ctx, rt)
	}
}

func (r *Runner) consume(ctx context.Context, rt Route) error {
	reader := kafka.NewReader(kafka.ReaderConfig{Topic: rt.Topic})
	for {
		m, err := reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.dispatch(ctx, rt.Handler, m); err != nil {
			return err
		}
		reader.CommitMessages(ctx, m)
	}
}

// dispatch tries the handler three times.
func (r *Runner) dispatch(ctx context.Context, h HandlerFunc, m kafka.Message) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = h(ctx, m); err == nil {
			return nil
		}
	}
	return err
}
