// Package mocks holds a test double of app.Store, which is not an
// implementation of the production program even when main links it.
package mocks

import (
	"context"
	"database/sql"

	"example.com/wired/app"
)

type Store struct{ DB *sql.DB }

func (s *Store) Insert(ctx context.Context, o app.Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO mock_orders (id) VALUES ($1)", o.ID)
	return err
}

func (s *Store) InsertAudit(ctx context.Context, orderID string) error { return nil }

func (s *Store) InsertNote(ctx context.Context, text string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO mock_notes (id) VALUES ($1)", text)
	return err
}

func (s *Store) InsertSession(ctx context.Context, id string) error { return nil }

func (s *Store) InsertLabel(ctx context.Context, id string) error { return nil }

func (s *Store) InsertTag(ctx context.Context, t *app.Tag) error { return nil }
