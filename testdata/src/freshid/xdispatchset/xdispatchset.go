// Package xdispatchset builds the handlers that a table of another
// package routes deliveries to: nothing here says they are retried.
package xdispatchset

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/google/uuid"

	"freshid/xdispatch"
)

// Gift is an event's payload.
type Gift struct {
	DonorID string `json:"donor_id"`
}

// typed decodes a delivery's body for a handler of the payload.
func typed[T any](fn func(ctx context.Context, d xdispatch.Delivery, v T) error) xdispatch.HandlerFunc {
	return func(ctx context.Context, d xdispatch.Delivery) error {
		var v T
		if err := json.Unmarshal(d.Body, &v); err != nil {
			return nil
		}
		return fn(ctx, d, v)
	}
}

// Set holds one handler per route.
type Set struct {
	Receipt xdispatch.HandlerFunc
	Thanks  xdispatch.HandlerFunc
	Card    xdispatch.HandlerFunc
}

// New builds the handlers.
func New(db *sql.DB) *Set {
	return &Set{
		Receipt: typed(func(ctx context.Context, _ xdispatch.Delivery, g Gift) error {
			_, err := db.ExecContext(ctx, "INSERT INTO receipts (id, donor_id) VALUES ($1, $2)", uuid.NewString(), g.DonorID) // want `a retry inserts a second receipts row with a new id: uuid.NewString\(\) is fresh on every attempt \(AMQP delivery loop func literal in New\)`
			return err
		}),
		// Negative: the ID is the delivery's.
		Thanks: typed(func(ctx context.Context, d xdispatch.Delivery, g Gift) error {
			_, err := db.ExecContext(ctx, "INSERT INTO receipts (id, donor_id) VALUES ($1, $2)", d.MessageID, g.DonorID)
			return err
		}),
		// The delivery, the dispatcher's own type, carries the
		// message's ID in the field the dispatcher fills with it: the
		// fix derives the value from it.
		Card: typed(func(ctx context.Context, d xdispatch.Delivery, g Gift) error {
			_, err := db.ExecContext(ctx, "INSERT INTO receipts (id, donor_id) VALUES ($1, $2)", uuid.NewString(), g.DonorID) // want `a retry inserts a second receipts row with a new id: uuid.NewString\(\) is fresh on every attempt \(AMQP delivery loop func literal in New\)`
			return err
		}),
	}
}
