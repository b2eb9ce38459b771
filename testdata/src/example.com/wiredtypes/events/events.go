// Package events books the payment events of the topic.
package events

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredtypes/runner"
)

type Handlers struct{ DB *sql.DB }

// Table is the handlers by event type, which the runner's dispatcher
// calls once per delivery.
func (h *Handlers) Table() map[string]runner.TypeHandler {
	return map[string]runner.TypeHandler{
		"payment.settled": h.onSettled,
		"payment.noted":   h.onNoted,
	}
}

// Audits is the list every event passes through.
func (h *Handlers) Audits() []runner.TypeHandler {
	return []runner.TypeHandler{h.onAny}
}

// onSettled books the settlement under a new ID: a redelivery books it
// again.
func (h *Handlers) onSettled(ctx context.Context, env runner.Envelope) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO settlements (id, event_id) VALUES ($1, $2)", uuid.NewString(), env.ID) // want `a retry inserts a second settlements row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Handlers.onSettled`
	return err
}

// onNoted keys the row by the event's ID and takes a repeat as done.
func (h *Handlers) onNoted(ctx context.Context, env runner.Envelope) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO notes (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING", env.ID)
	return err
}

// onAny counts the event under a new ID.
func (h *Handlers) onAny(ctx context.Context, env runner.Envelope) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO event_counts (id, kind) VALUES ($1, $2)", uuid.NewString(), env.Type) // want `a retry inserts a second event_counts row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Handlers.onAny`
	return err
}
