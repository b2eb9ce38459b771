// Package fleetsvc handles device events by their type, through a table
// of its own methods that the service's constructor fills.
package fleetsvc

import (
	"context"
	"log"
	"net/http"

	"github.com/google/uuid"
)

// Store records devices' state.
type Store interface {
	RecordOrder(ctx context.Context, device, orderID string) error
	Touch(ctx context.Context, device string) error
	RecordTheft(ctx context.Context, id, device string) error
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
		"stolen":    logged(e.stolen),
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

// ServeHTTP takes an event posted by a device's gateway.
func (e *Events) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := e.Handle(r.Context(), r.FormValue("type"), r.FormValue("device")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
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

// logged runs fn, logging its failure.
func logged(fn func(ctx context.Context, device string) error) func(ctx context.Context, device string) error {
	return func(ctx context.Context, device string) error {
		err := fn(ctx, device)
		if err != nil {
			log.Printf("event for %s: %v", device, err)
		}
		return err
	}
}

// stolen records the theft under an ID made on every attempt.
func (e *Events) stolen(ctx context.Context, device string) error {
	return e.store.RecordTheft(ctx, uuid.NewString(), device) // want `a retry inserts a second thefts row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler fleetsvc.Events.stolen, bound at fleetsvc.go:\d+:\d+\)`
}
