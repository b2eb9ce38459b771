// Package hooks applies a bank's webhook events, by their type, with
// handlers a map of a generic handler type holds.
package hooks

import (
	"context"

	"github.com/google/uuid"
)

type eventHandler[E any] func(ctx context.Context, ev E) error

// dispatch runs the handler of the table the event's kind names.
func dispatch[E any](ctx context.Context, table map[string]eventHandler[E], kind string, ev E) error {
	h, ok := table[kind]
	if !ok {
		return nil
	}
	return h(ctx, ev)
}

// An Event is a bank's event.
type Event struct{ Type, Ref string }

// Entries records returned transfers.
type Entries interface {
	Append(ctx context.Context, id, ref string) error
}

// Hooks applies events.
type Hooks struct {
	entries Entries
	bank    map[string]eventHandler[Event]
}

// New returns Hooks that record into e.
func New(e Entries) *Hooks {
	h := &Hooks{entries: e}
	h.bank = map[string]eventHandler[Event]{
		"transfer.returned": h.onReturned,
		"transfer.settled":  h.onSettled,
	}
	return h
}

// HandleBank applies a bank event.
func (h *Hooks) HandleBank(ctx context.Context, ev Event) error {
	return dispatch(ctx, h.bank, ev.Type, ev)
}

func (h *Hooks) onReturned(ctx context.Context, ev Event) error {
	return h.entries.Append(ctx, uuid.NewString(), ev.Ref) // want `a retry inserts a second returns row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler API.Bank\)`
}

func (h *Hooks) onSettled(ctx context.Context, ev Event) error { return nil }
