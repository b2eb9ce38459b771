// Package loop runs a consumer group: each message goes to the handler
// its topic's entry of a table holds, a table another package builds
// and main hands to the runner, retried in process with a backoff.
package loop

import (
	"context"
	"encoding/json"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
)

// HandlerFunc handles one message.
type HandlerFunc func(ctx context.Context, m kafka.Message) error

// Table holds the handlers by topic.
type Table map[string]HandlerFunc

// Runner consumes the table's topics.
type Runner struct {
	reader *kafka.Reader
	table  Table
}

// NewRunner keeps the table it is given.
func NewRunner(r *kafka.Reader, t Table) *Runner {
	return &Runner{reader: r, table: t}
}

// Run commits a message only after its handler succeeded.
func (r *Runner) Run(ctx context.Context) error {
	for {
		m, err := r.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		h, ok := r.table[m.Topic]
		if !ok {
			continue
		}
		op := func() error {
			return h(ctx, m)
		}
		if err := backoff.Retry(op, backoff.NewExponentialBackOff()); err != nil {
			return err
		}
		if err := r.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// JSON adapts a typed handler to a message handler.
func JSON[T any](fn func(context.Context, T) error) HandlerFunc {
	return func(ctx context.Context, m kafka.Message) error {
		var v T
		if err := json.Unmarshal(m.Value, &v); err != nil {
			return err
		}
		return fn(ctx, v)
	}
}

// Route is an entry of a list of handlers by topic.
type Route struct {
	Topic string
	Fn    HandlerFunc
}

// NewRouted makes the table of a runner from a list of routes.
func NewRouted(r *kafka.Reader, routes []Route) *Runner {
	t := Table{}
	for _, rt := range routes {
		t[rt.Topic] = rt.Fn
	}
	return &Runner{reader: r, table: t}
}
