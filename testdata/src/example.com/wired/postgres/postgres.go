// Package postgres implements app.Store.
package postgres

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wired/app"
)

type Store struct{ DB *sql.DB }

// Insert stores the order under the id it is given.
func (s *Store) Insert(ctx context.Context, o app.Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", o.ID, o.Total) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into orders in postgres.Store.Insert is not idempotent \(HTTP handler Handler.Create\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in postgres.Store.Insert has no conflict handling for the caller-known id \(HTTP handler Handler.CreateKeyed\); add ON CONFLICT DO NOTHING and handle the existing row`
	return err
}

// InsertAudit appends an audit row: its own id is fresh, and stays so
// on purpose, since each attempt is logged. The order's id is not the
// row's identity.
func (s *Store) InsertAudit(ctx context.Context, orderID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO order_audit (detail, note) VALUES ($1, 'created')", orderID)
	return err
}

// InsertNote makes the note's identity itself, fresh on every call.
func (s *Store) InsertNote(ctx context.Context, text string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO notes (id, text) VALUES ($1, $2)", uuid.NewString(), text) // want `a retry inserts a second notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Note\)`
	return err
}

// InsertSession stores a session under the id it is given.
func (s *Store) InsertSession(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO sessions (id, user_name) VALUES ($1, 'x')", id) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into sessions in postgres.Store.InsertSession has no conflict handling for the caller-known id \(AMQP delivery loop Consumer.Run\); .*`
	return err
}

// InsertLabel stores a label under the id it is given.
func (s *Store) InsertLabel(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO labels (id) VALUES ($1)", id) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into labels in postgres.Store.InsertLabel has no conflict handling for the caller-known id \(gRPC method Server.Label\); .*`
	return err
}

// InsertTag stores a tag under the id it is given (pgx and database/sql
// read an argument through a pointer).
func (s *Store) InsertTag(ctx context.Context, t *app.Tag) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO tags (id, name) VALUES ($1, $2)", &t.ID, t.Name) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into tags in postgres.Store.InsertTag has no conflict handling for the caller-known id \(HTTP handler Handler.Tag\); .*`
	return err
}

// Exec runs a statement on the store's pool: the package forwards SQL,
// and is still the program's implementation of app.Store.
func (s *Store) Exec(ctx context.Context, query string, args ...any) error {
	_, err := s.DB.ExecContext(ctx, query, args...)
	return err
}
