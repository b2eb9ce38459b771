// Package store keeps bursary awards in PostgreSQL, and renames a
// unique violation to ErrDuplicate for its callers.
package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// ErrDuplicate is what the store renames a unique violation to.
var ErrDuplicate = errors.New("duplicate")

// Store is the store over a database.
type Store struct{ DB *sql.DB }

// InsertAward adds an award; one per registration.
func (s *Store) InsertAward(ctx context.Context, id, registration string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO bursary_awards (id, registration_id) VALUES ($1, $2)", id, registration) // want `a retry inserts the row for the same registration_id again, which fails or duplicates it: the INSERT into bursary_awards in store.Store.InsertAward has no conflict handling for the caller-known registration_id \(HTTP handler Handler.Award\)`
	return renamed(err)
}

// Record records a provider's event.
func (s *Store) Record(ctx context.Context, event string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO bursary_inbox (event_id) VALUES ($1)", event)
	return renamed(err)
}

func renamed(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}
