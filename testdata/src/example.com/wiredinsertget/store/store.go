// Package store keeps cancellations: one per membership.
package store

import (
	"context"
	"database/sql"
	"errors"
)

// getOne runs a query that returns one ID.
func getOne(ctx context.Context, db *sql.DB, query string, args ...any) (string, error) {
	var id string
	err := db.QueryRowContext(ctx, query, args...).Scan(&id)
	return id, err
}

// insertOrGet inserts a row, or reads the one there.
func insertOrGet(ctx context.Context, db *sql.DB, insert string, insertArgs []any, lookup string, lookupArgs ...any) (string, error) {
	id, err := getOne(ctx, db, insert, insertArgs...)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return id, err
	}
	return getOne(ctx, db, lookup, lookupArgs...)
}

// Store is the database.
type Store struct{ DB *sql.DB }

// Ensure records the membership's cancellation, once.
func (s *Store) Ensure(ctx context.Context, id, membership string) (string, error) {
	return insertOrGet(ctx, s.DB,
		"INSERT INTO insertget_cancellations (id, membership_id) VALUES ($1, $2) ON CONFLICT (membership_id) DO NOTHING RETURNING id", []any{id, membership},
		"SELECT id FROM insertget_cancellations WHERE membership_id = $1", membership)
}

// MarkRefunded stores the refund's reference.
func (s *Store) MarkRefunded(ctx context.Context, id, ref string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE insertget_cancellations SET refund_ref = $2 WHERE id = $1", id, ref)
	return err
}
