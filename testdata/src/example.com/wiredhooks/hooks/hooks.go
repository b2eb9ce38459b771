// Package hooks receives a provider's events: a table of method values
// by event type, each of which builds the record its store keeps.
package hooks

import (
	"context"
	"net/http"
)

// A Record is one event the store keeps, under the provider's ID.
type Record struct {
	ID, Kind string
}

// Store keeps records; main wires it.
type Store interface {
	Save(ctx context.Context, rec Record) error
}

// Receiver dispatches each event to its type's handler.
type Receiver struct {
	store    Store
	handlers map[string]func(ctx context.Context, r *http.Request) error
}

// New registers the handlers, as method values.
func New(s Store) *Receiver {
	rc := &Receiver{store: s}
	rc.handlers = map[string]func(ctx context.Context, r *http.Request) error{
		"refund.created": rc.refundCreated,
	}
	return rc
}

func (rc *Receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h, ok := rc.handlers[r.Header.Get("X-Event-Type")]
	if !ok {
		return
	}
	if err := h(r.Context(), r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// refundCreated keeps the refund under the provider's ID, in a record
// it builds from the request.
func (rc *Receiver) refundCreated(ctx context.Context, r *http.Request) error {
	rec := Record{ID: r.FormValue("id"), Kind: "refund"}
	if r.FormValue("late") != "" {
		rec.Kind = "late_refund"
	}
	return rc.store.Save(ctx, rec)
}
