// Package ledger stores ledger entries.
package ledger

import (
	"context"
	"database/sql"
)

// Store inserts entries.
type Store struct{ DB *sql.DB }

// Insert adds an entry under the ID it is given.
func (s *Store) Insert(ctx context.Context, id, ref string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger_entries (id, ref) VALUES ($1, $2)", id, ref)
	return err
}

// Claim records an event once, and says whether it was the first time.
func (s *Store) Claim(ctx context.Context, eventID string) (bool, error) {
	res, err := s.DB.ExecContext(ctx, "INSERT INTO seen_events (id) VALUES ($1) ON CONFLICT DO NOTHING", eventID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Refund records a refund under the provider's refund ID.
func (s *Store) Refund(ctx context.Context, refundID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO refunds (refund_id) VALUES ($1)", refundID) // want `2 writes commit separately and the INSERT into refunds in ledger.Store.Refund is not idempotent \(HTTP handler Handler.Events\)` `a retry inserts the row for the same refund_id again, which fails or duplicates it: the INSERT into refunds in ledger.Store.Refund has no conflict handling for the caller-known refund_id \(HTTP handler Handler.Events\)`
	return err
}

// Note records a refund once, and does not say whether it was the
// first time.
func (s *Store) Note(ctx context.Context, refundID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO refund_notes (refund_id) VALUES ($1) ON CONFLICT DO NOTHING", refundID)
	return err
}
