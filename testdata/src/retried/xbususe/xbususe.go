// Package xbususe subscribes its handlers with another package's
// framework.
package xbususe

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"

	"retried/xbus"
)

// Handlers handle deliveries.
type Handlers struct{}

func (h *Handlers) credit(ctx context.Context, m jetstream.Msg) error { return nil }

func (h *Handlers) tally(ctx context.Context, m jetstream.Msg) error { return nil }

// Routes is the subscription table.
func (h *Handlers) Routes() []xbus.Route {
	return []xbus.Route{
		xbus.On("returns.recorded", h.credit),            // want `root: JetStream handler Handlers.credit`
		xbus.On("returns.tallied", h.tally, xbus.Logged), // want `root: JetStream handler Handlers.tally`
	}
}
