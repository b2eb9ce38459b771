// Package store keeps reminders and notices with sqlx.
package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"example.com/wiredreread/recon"
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

// Runs logs reconciliation runs.
type Runs struct{ DB *sqlx.DB }

func (s *Runs) Start(ctx context.Context, r recon.Run) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO recon_runs (id, day, status) VALUES ($1, $2, $3)`, r.ID, r.Day, r.Status) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into recon_runs in store.Runs.Start is not idempotent \(HTTP handler Handler.PostRerun\)`
	return err
}

func (s *Runs) Finish(ctx context.Context, id uuid.UUID, status string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE recon_runs SET status = $2 WHERE id = $1`, id, status)
	return err
}

// Submissions keeps accepted submissions.
type Submissions struct{ DB *sqlx.DB }

func (s *Submissions) Insert(ctx context.Context, day, ref string) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO recon_submissions (day, ref) VALUES ($1, $2)`, day, ref)
	return err
}
