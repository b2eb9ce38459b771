// Package store keeps refunds.
package store

import (
	"context"
	"database/sql"
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
