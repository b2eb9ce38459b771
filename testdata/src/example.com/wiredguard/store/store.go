// Package store keeps refunds.
package store

import (
	"context"
	"database/sql"
	"errors"
)

type Store struct{ DB *sql.DB }

func (s *Store) Insert(ctx context.Context, policyID string, amount int) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO refunds (policy_id, amount) VALUES ($1, $2)", policyID, amount) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into refunds in store.Store.Insert is not idempotent \(HTTP handler Handler.Cancel\)`
	return err
}

func (s *Store) InsertTx(ctx context.Context, tx *sql.Tx, policyID string, amount int) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO refunds (policy_id, amount) VALUES ($1, $2)", policyID, amount)
	return err
}

func (s *Store) MarkLapsed(ctx context.Context, id string) (string, error) {
	var status string
	err := s.DB.QueryRowContext(ctx, "UPDATE policies SET status = 'lapsed' WHERE id = $1 AND status = 'active' RETURNING status", id).Scan(&status)
	return status, err
}

func (s *Store) MarkRenewed(ctx context.Context, id string) (string, error) {
	var status string
	err := s.DB.QueryRowContext(ctx, "UPDATE policies SET status = 'active' WHERE id = $1 RETURNING status", id).Scan(&status)
	return status, err
}

func (s *Store) Publish(ctx context.Context, eventID, policyID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO policy_events (id, policy_id) VALUES ($1, $2)", eventID, policyID) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish is not idempotent \(HTTP handler Handler.Close\)` `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish is not idempotent \(HTTP handler Handler.Expire\)` `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish is not idempotent \(HTTP handler Handler.Lapse\)` `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into policy_events in store.Store.Publish is not idempotent \(HTTP handler Handler.Renew\)` `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into policy_events in store.Store.Publish is not idempotent \(HTTP handler Handler.Suspend\)` `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into policy_events in store.Store.Publish is not idempotent \(HTTP handler Handler.Void\)`
	return err
}

func (s *Store) MarkExpired(ctx context.Context, id string) (string, error) {
	var status string
	err := s.DB.QueryRowContext(ctx, "UPDATE policies SET status = 'expired' WHERE id = $1 AND status = 'active' RETURNING status", id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "expired", nil // expired before
	}
	return status, err
}

// ErrNotActive answers a policy that is not active.
var ErrNotActive = errors.New("policy is not active")

func (s *Store) MarkVoided(ctx context.Context, id string) error {
	return mustChange(s.DB.ExecContext(ctx, "UPDATE policies SET status = 'voided' WHERE id = $1 AND status = 'active'", id))
}

// mustChange answers an UPDATE that changed no row with ErrNotActive.
func mustChange(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	changed, err := changedRows(res)
	if err != nil {
		return err
	}
	if !changed {
		return ErrNotActive
	}
	return nil
}

func changedRows(res sql.Result) (bool, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

func (s *Store) MarkClosed(ctx context.Context, id string) error {
	res, err := s.DB.ExecContext(ctx, "UPDATE policies SET status = 'closed' WHERE id = $1 AND status = 'active'", id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // closed before: done
	}
	return nil
}

func (s *Store) MarkSuspended(ctx context.Context, id string) (bool, error) {
	return s.transition(ctx, "UPDATE policies SET status = 'suspended' WHERE id = $1 AND status = 'active'", id)
}

func (s *Store) MarkReinstated(ctx context.Context, id string) (bool, error) {
	return s.transition(ctx, "UPDATE policies SET status = 'active' WHERE id = $1 AND status = 'suspended'", id) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction: the UPDATE into policies in store.Store.MarkReinstated first \(HTTP handler Handler.Reinstate\); run them in the guard's transaction`
}

func (s *Store) Note(ctx context.Context, policyID, what string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO policy_notes (policy_id, what) VALUES ($1, $2) ON CONFLICT (policy_id, what) DO NOTHING", policyID, what)
	return err
}

func (s *Store) ClaimReminder(ctx context.Context, id string) (bool, error) {
	res, err := s.DB.ExecContext(ctx, "INSERT INTO reminders (policy_id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) MarkReminded(ctx context.Context, id, messageID string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE reminders SET message_id = $2 WHERE policy_id = $1", id, messageID)
	return err
}

// transition runs a change of status and answers whether it changed a
// row.
func (s *Store) transition(ctx context.Context, query string, args ...any) (bool, error) {
	res, err := s.DB.ExecContext(ctx, query, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}
