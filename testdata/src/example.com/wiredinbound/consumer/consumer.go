// Package consumer applies a partner's events, routed by type to the
// methods of a ledger interface held in a table.
package consumer

import (
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredinbound/billing"
)

// Ledger applies events.
type Ledger interface {
	Credit(ctx context.Context, evt billing.Event) error
	Debit(ctx context.Context, evt billing.Event) error
}

// Inbox remembers the events applied.
type Inbox interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Mark(ctx context.Context, eventID string) error
}

// Consumer routes events to the ledger, and handles notices itself.
type Consumer struct {
	inbox  Inbox
	routes map[string]func(context.Context, billing.Event) error
	seen   map[string]bool
}

// New returns a Consumer whose table holds l's methods.
func New(l Ledger, inbox Inbox) *Consumer {
	c := &Consumer{inbox: inbox, seen: map[string]bool{}}
	c.routes = map[string]func(context.Context, billing.Event) error{
		"credit": l.Credit,
		"debit":  l.Debit,
		"notice": c.notice,
	}
	return c
}

// notice remembers the notice's event.
func (c *Consumer) notice(ctx context.Context, evt billing.Event) error {
	c.seen[evt.ID] = true
	return nil
}

// Webhook applies the event the partner posts; it redelivers until it
// gets a 2xx.
func (c *Consumer) Webhook(w http.ResponseWriter, r *http.Request) {
	var evt billing.Event
	if err := json.NewDecoder(r.Body).Decode(&evt); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	route, ok := c.routes[evt.Type]
	if !ok {
		return
	}
	ctx := r.Context()
	if seen, err := c.inbox.Seen(ctx, evt.ID); err != nil || seen {
		return
	}
	if err := route(ctx, evt); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := c.inbox.Mark(ctx, evt.ID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
