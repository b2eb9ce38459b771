// Package store implements the app's repository, outbox and unit of
// work on database/sql; a statement runs on the transaction the context
// carries, or on the pool.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredstate/app"
)

type txKey struct{}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// conn returns the transaction ctx carries, or db.
func conn(ctx context.Context, db *sql.DB) execer {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

type Store struct{ DB *sql.DB }

func (s *Store) Get(ctx context.Context, id string) (app.Appointment, error) {
	var a app.Appointment
	err := s.DB.QueryRowContext(ctx, "SELECT id, status FROM appointments WHERE id = $1", id).Scan(&a.ID, &a.Status)
	return a, err
}

func (s *Store) UpdateStatus(ctx context.Context, id string, status app.Status) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, "UPDATE appointments SET status = $2 WHERE id = $1", id, status)
	return err
}

func (s *Store) Write(ctx context.Context, topic string, body []byte) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, "INSERT INTO outbox_events (id, topic, body) VALUES ($1, $2, $3)", uuid.NewString(), topic, body)
	return err
}

func (s *Store) WriteNotice(ctx context.Context, topic string, body []byte) error {
	_, err := conn(ctx, s.DB).ExecContext(ctx, "INSERT INTO notice_events (id, topic, body) VALUES ($1, $2, $3)", uuid.NewString(), topic, body) // want `a retry inserts a second notice_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Close\)`
	return err
}

func (s *Store) RunInTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}
