// Package records stores plates, tag events and notes on database/sql.
package records

import (
	"context"
	"database/sql"
	"strings"
)

// Store is the database.
type Store struct{ DB *sql.DB }

// AddPlate registers a vehicle under its plate.
func (s *Store) AddPlate(ctx context.Context, plate string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO vehicles (vehicle_number) VALUES ($1)", plate) // want `a retry inserts the row for the same vehicle_number again, which fails or duplicates it: the INSERT into vehicles in records.Store.AddPlate has no conflict handling for the caller-known vehicle_number \(HTTP handler Handler.RegisterPlate\)`
	return err
}

// AppendEvent records a tag's event.
func (s *Store) AppendEvent(ctx context.Context, serial string, seq int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO tag_events (serial, seq) VALUES ($1, $2)", serial, seq) // want `a retry inserts the row for the same \(serial, seq\) again, which fails or duplicates it: the INSERT into tag_events in records.Store.AppendEvent has no conflict handling for the caller-known \(serial, seq\) \(HTTP handler Handler.TagEvent\)`
	return err
}

// Note is a notification sent.
type Note struct{ ID, Body string }

// Find returns the note the condition finds.
func (s *Store) Find(ctx context.Context, cond string, args ...any) (*Note, error) {
	n := &Note{}
	err := s.DB.QueryRowContext(ctx, "SELECT id, body FROM notes WHERE "+cond, args...).Scan(&n.ID, &n.Body)
	return n, err
}

// Create stores a note.
func (s *Store) Create(ctx context.Context, n *Note) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO notes (id, body) VALUES ($1, $2)", n.ID, n.Body)
	return err
}

// PlateStore registers plates.
type PlateStore interface {
	AddPlate(ctx context.Context, plate string) error
}

// Registry registers the plates it is given, normalised: the same
// plate on every attempt.
type Registry struct{ Plates PlateStore }

// Register registers a plate.
func (r *Registry) Register(ctx context.Context, plate string) error {
	return r.Plates.AddPlate(ctx, normalizePlate(plate))
}

func normalizePlate(p string) string {
	var b strings.Builder
	for _, c := range strings.ToUpper(p) {
		if c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}
