// Package failures records the payment failures a topic announces,
// under the event's own ID.
package failures

import (
	"context"
	"database/sql"
)

// An Event is a payment failure as the topic carries it.
type Event struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// Store keeps failures in PostgreSQL.
type Store struct{ DB *sql.DB }

// Record stores the failure under the event's ID, with no conflict
// handling.
func (s *Store) Record(ctx context.Context, ev Event) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO failures (id, reason) VALUES ($1, $2)", ev.ID, ev.Reason) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into failures in failures.Store.Record has no conflict handling for the caller-known id \(kafka-go consumer loop Failures.Run\)`
	return err
}

// RecordDefault stores a failure under the ID of the event the consumer
// decodes from its own configuration: not one a message carries.
func (s *Store) RecordDefault(ctx context.Context, ev Event) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO failures (id, reason) VALUES ($1, $2)", ev.ID, ev.Reason)
	return err
}
