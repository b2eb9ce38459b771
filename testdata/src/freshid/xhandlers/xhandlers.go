// Package xhandlers declares handlers that another package registers:
// nothing here says they are retried.
package xhandlers

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

// Handlers books what each message asks for.
type Handlers struct{ DB *sql.DB }

// Book inserts a booking under a fresh id.
func (h *Handlers) Book(ctx context.Context, m kafka.Message) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO bookings (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value)
	return err
}

// Audit appends one audit row per attempt, as it is meant to.
func (h *Handlers) Audit(ctx context.Context, m kafka.Message) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO bookings (id, body) VALUES ($1, $2)", string(m.Key), m.Value)
	return err
}
