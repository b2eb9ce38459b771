// Package fleetsvc handles device events by their type, through a table
// of its own methods that the service's constructor fills.
package fleetsvc

import "context"

// Store records devices' state.
type Store interface {
	RecordOrder(ctx context.Context, device, orderID string) error
	Touch(ctx context.Context, device string) error
}

// Vendor orders replacement devices.
type Vendor interface {
	OrderReplacement(ctx context.Context, device string) (string, error)
}

// Events handles device events.
type Events struct {
	store  Store
	vendor Vendor
	routes map[string]func(ctx context.Context, device string) error
}

// NewEvents builds the service and its table of handlers.
func NewEvents(store Store, vendor Vendor) *Events {
	e := &Events{store: store, vendor: vendor}
	e.routes = map[string]func(ctx context.Context, device string) error{
		"offline":   e.offline,
		"heartbeat": e.heartbeat,
	}
	return e
}

// Handle runs the handler the event's type names.
func (e *Events) Handle(ctx context.Context, typ, device string) error {
	route, ok := e.routes[typ]
	if !ok {
		return nil
	}
	return route(ctx, device)
}

// offline orders a replacement, then records the order.
func (e *Events) offline(ctx context.Context, device string) error {
	id, err := e.vendor.OrderReplacement(ctx, device)
	if err != nil {
		return err
	}
	return e.store.RecordOrder(ctx, device, id)
}

// heartbeat counts the device's heartbeat: its one write is another
// event's, never run with offline's.
func (e *Events) heartbeat(ctx context.Context, device string) error {
	return e.store.Touch(ctx, device)
}
