// Package store records the events each processor applies.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredfields/hooks"
)

// PaymentEvents keeps one row per event.
type PaymentEvents struct{ DB *sql.DB }

func (p *PaymentEvents) Handle(ctx context.Context, ev hooks.Event) error {
	_, err := p.DB.ExecContext(ctx, "INSERT INTO payment_events (event_id, kind) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING", ev.ID, ev.Kind)
	return err
}

// AccountEvents inserts the event as it comes: a redelivered event
// fails on its key.
type AccountEvents struct{ DB *sql.DB }

func (a *AccountEvents) Handle(ctx context.Context, ev hooks.Event) error {
	_, err := a.DB.ExecContext(ctx, "INSERT INTO account_events (event_id, kind) VALUES ($1, $2)", ev.ID, ev.Kind) // want `a retry inserts the row for the same event_id again, which fails or duplicates it: the INSERT into account_events in store.AccountEvents.Handle has no conflict handling for the caller-known event_id \(HTTP handler Server.Account\)`
	return err
}

// DisputeEvents inserts the event as it comes too; only the relay's
// program wires it, under a verifier that stamps a new ID on each
// delivery.
type DisputeEvents struct{ DB *sql.DB }

func (d *DisputeEvents) Handle(ctx context.Context, ev hooks.Event) error {
	_, err := d.DB.ExecContext(ctx, "INSERT INTO dispute_events (event_id, kind) VALUES ($1, $2)", ev.ID, ev.Kind)
	return err
}
