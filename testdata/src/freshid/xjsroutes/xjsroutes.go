// Package xjsroutes lists the handlers of each subject, for a runner of
// another package that main hands the table to.
package xjsroutes

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"freshid/xjsrun"
)

// TripDone is an event's payload.
type TripDone struct {
	TripID string `json:"trip_id"`
}

// Handlers holds what the handlers need.
type Handlers struct{ DB *sql.DB }

// Routes returns the subject -> handler table.
func (h *Handlers) Routes() xjsrun.Routes {
	return xjsrun.Routes{
		"trip.done":  xjsrun.Decode(h.tripDone),
		"trip.rated": xjsrun.Decode(h.tripRated),
	}
}

// Positive: each delivery makes a new receipt.
func (h *Handlers) tripDone(ctx context.Context, _ xjsrun.Message, e TripDone) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO receipts (id, trip_id) VALUES ($1, $2)", uuid.NewString(), e.TripID) // want `a retry inserts a second receipts row with a new id: uuid.NewString\(\) is fresh on every attempt \(JetStream handler Handlers.tripDone\)`
	return err
}

// Negative: the receipt's ID is the message's.
func (h *Handlers) tripRated(ctx context.Context, m xjsrun.Message, e TripDone) error {
	_, err := h.DB.ExecContext(ctx, "INSERT INTO receipts (id, trip_id) VALUES ($1, $2)", m.MsgID, e.TripID)
	return err
}
