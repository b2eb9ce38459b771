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
	Recall(ctx context.Context, device string) (string, error)
}

// Events handles device events.
type Events struct {
	store  Store
	vendor Vendor
	routes map[string]func(ctx context.Context, device string) error
	// admin are the operators' commands, of the same type: Handle
	// never runs them.
	admin map[string]func(ctx context.Context, device string) error
}

// NewEvents builds the service and its table of handlers.
func NewEvents(store Store, vendor Vendor) *Events {
	e := &Events{store: store, vendor: vendor}
	e.routes = map[string]func(ctx context.Context, device string) error{
		"offline":   e.offline,
		"heartbeat": e.heartbeat,
	}
	e.admin = map[string]func(ctx context.Context, device string) error{
		"recall": e.recall,
	}
	return e
}

// Admin runs an operator's command; no retried path calls it.
func (e *Events) Admin(ctx context.Context, cmd, device string) error {
	return e.admin[cmd](ctx, device)
}

// recall asks the vendor to recall a device, then records the order.
func (e *Events) recall(ctx context.Context, device string) error {
	id, err := e.vendor.Recall(ctx, device)
	if err != nil {
		return err
	}
	return e.store.RecordOrder(ctx, device, id)
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
