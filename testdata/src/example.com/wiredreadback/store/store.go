// Package store keeps the reversals: one per payout.
package store

import (
	"context"
	"database/sql"
)

// Reversal is a payout's reversal.
type Reversal struct {
	ID, PayoutID, Status string
}

// Store is the database.
type Store struct{ DB *sql.DB }

// InsertReversal records a payout's reversal, once.
func (s *Store) InsertReversal(ctx context.Context, id, payout string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO readback_reversals (id, payout_id, status) VALUES ($1, $2, 'requested') ON CONFLICT (payout_id) DO NOTHING", id, payout)
	return err
}

// ReversalOf reads a payout's reversal.
func (s *Store) ReversalOf(ctx context.Context, payout string) (Reversal, error) {
	var r Reversal
	err := s.DB.QueryRowContext(ctx, "SELECT id, payout_id, status FROM readback_reversals WHERE payout_id = $1", payout).Scan(&r.ID, &r.PayoutID, &r.Status)
	return r, err
}

// MarkDone records that the bank reversed it.
func (s *Store) MarkDone(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE readback_reversals SET status = 'done' WHERE id = $1", id)
	return err
}
