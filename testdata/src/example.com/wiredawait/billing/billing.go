// Package billing subscribes its statement run to the reports bus.
package billing

import (
	"context"

	"example.com/wiredawait/reports"
)

// Statements writes statements.
type Statements interface {
	Write(ctx context.Context, period string) error
}

// Subscribe registers the statement run.
func Subscribe(b *reports.Bus, s Statements) {
	b.Subscribe("statements", func(ctx context.Context, period string) error {
		return s.Write(ctx, period)
	})
}
