// Package gate registers the gate's event handlers with a dispatcher.
package gate

import (
	"context"

	"example.com/wiredawait/dispatch"
)

// Arrival is a truck's arrival at the gate.
type Arrival struct {
	EventID     string `json:"-"`
	ContainerNo string `json:"container_no"`
}

// Departure is a truck's departure.
type Departure struct {
	ContainerNo string `json:"container_no"`
	Block       string `json:"block"`
}

// Service applies gate events.
type Service interface {
	Arrive(ctx context.Context, ev Arrival) error
	Depart(ctx context.Context, ev Departure) error
}

// NewDispatcher registers the handlers.
func NewDispatcher(svc Service) *dispatch.Dispatcher {
	d := dispatch.New()
	dispatch.Register(d, "ARRIVED", func(ctx context.Context, env dispatch.Envelope, ev Arrival) error {
		ev.EventID = env.EventID
		return svc.Arrive(ctx, ev)
	})
	dispatch.Register(d, "DEPARTED", func(ctx context.Context, env dispatch.Envelope, ev Departure) error {
		return svc.Depart(ctx, ev)
	}, logged)
	return d
}

// logged is a middleware that only runs the handler.
func logged(next dispatch.HandlerFunc) dispatch.HandlerFunc {
	return func(ctx context.Context, env dispatch.Envelope) error {
		return next(ctx, env)
	}
}
