// Package xloop is a consumer loop written once: its callers in other
// packages hand it the handler that does each delivery's work.
package xloop

import (
	"context"

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
