// Package postgres implements app.Store.
package postgres

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Store is the orders table.
type Store struct{ DB *sql.DB }

// InsertOrder stores an order under the ID it is given.
func (s *Store) InsertOrder(ctx context.Context, id string, total int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

// AddCredit adds to the balance.
func (s *Store) AddCredit(ctx context.Context, cents int64) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE credits SET balance = balance + $1", cents) // want `a failure between the writes leaves the operation half done`
	return err
}

// InsertNote stores a note under an ID it makes.
func (s *Store) InsertNote(ctx context.Context, text string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO notes (id, body) VALUES ($1, $2)", uuid.NewString(), text) // want `a retry inserts a second notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method Server.Note\)`
	return err
}
