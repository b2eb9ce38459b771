// Package store keeps reminders and notices with sqlx.
package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"example.com/wiredreread/reminders"
)

// Reminders keeps one reminder per court date.
type Reminders struct{ DB *sqlx.DB }

// Ensure inserts r, or reads the one stored for its court date back
// into it, ID included.
func (s *Reminders) Ensure(ctx context.Context, r *reminders.Reminder) error {
	return sqlx.GetContext(ctx, s.DB, r, `
		INSERT INTO court_reminders (id, court_date_id) VALUES ($1, $2)
		ON CONFLICT (court_date_id) DO UPDATE SET court_date_id = EXCLUDED.court_date_id
		RETURNING id, court_date_id, status`, r.ID, r.CourtDateID)
}

// Notices keeps one notice per court date.
type Notices struct{ DB *sqlx.DB }

// Ensure inserts n, or reads the stored notice's status into it; its ID
// stays the caller's.
func (s *Notices) Ensure(ctx context.Context, n *reminders.Notice) error {
	return sqlx.GetContext(ctx, s.DB, n, `
		INSERT INTO court_notices (id, court_date_id) VALUES ($1, $2)
		ON CONFLICT (court_date_id) DO UPDATE SET court_date_id = EXCLUDED.court_date_id
		RETURNING status`, n.ID, n.CourtDateID)
}
