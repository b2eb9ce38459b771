// Package store keeps orders and events.
package store

import (
	"context"
	"database/sql"
)

// Orders stores orders.
type Orders struct{ DB *sql.DB }

// Insert stores an order.
func (s *Orders) Insert(ctx context.Context, id string, total int) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO inline_orders (id, total) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, total)
	return err
}

// Events stores events.
type Events struct{ DB *sql.DB }

// Record stores an event under its ID.
func (s *Events) Record(ctx context.Context, eventID string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO inline_events (event_id) VALUES ($1)`, eventID) // want `a retry inserts the row for the same event_id again, which fails or duplicates it: the INSERT into inline_events in store.Events.Record has no conflict handling for the caller-known event_id \(HTTP handler Service.PostEvent\)`
	return err
}
