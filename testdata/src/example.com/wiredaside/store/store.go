// Package store keeps the payment events and their deliveries.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredaside/app"
)

type Store struct{ DB *sql.DB }

// Keep adds a row for each delivery.
func (s *Store) Keep(ctx context.Context, eventID string, body []byte) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO inbound_events (id, event_id, body) VALUES ($1, $2, $3)", uuid.NewString(), eventID, body) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into inbound_events in store.Store.Keep is not idempotent \(HTTP handler Handler.StrictEvent\)` `a retry inserts a second inbound_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.StrictEvent\)`
	return err
}

func (s *Store) KeepReceipt(ctx context.Context, r app.Receipt) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO inbound_events (id, event_id, body) VALUES ($1, $2, $3)", r.ID, r.EventID, r.Body)
	return err
}

// Apply marks the event's payment settled.
func (s *Store) Apply(ctx context.Context, eventID string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE payments SET settled_cents = settled_cents + amount_cents WHERE event_id = $1", eventID)
	return err
}
