// Package app cancels policies: the first cancellation of a policy
// refunds it.
package app

import (
	"context"
	"database/sql"
	"errors"
)

// ErrNotCancellable answers a policy that is not active.
var ErrNotCancellable = errors.New("policy is not active")

type Refunds interface {
	Insert(ctx context.Context, policyID string, amount int) error
	InsertTx(ctx context.Context, tx *sql.Tx, policyID string, amount int) error
}

type Service struct {
	DB      *sql.DB
	Refunds Refunds
}

// Cancel moves the policy out of active on its own, then records the
// refund: a failure between them leaves the policy cancelled without
// its refund, and the retry stops at the status.
func (s *Service) Cancel(ctx context.Context, id string) error {
	res, err := s.DB.ExecContext(ctx, "UPDATE policies SET status = 'cancelled' WHERE id = $1 AND status = 'active'", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotCancellable
	}
	return s.Refunds.Insert(ctx, id, 100)
}

// CancelTogether does both in one transaction.
func (s *Service) CancelTogether(ctx context.Context, id string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE policies SET status = 'cancelled' WHERE id = $1 AND status = 'active'", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotCancellable
	}
	if err := s.Refunds.InsertTx(ctx, tx, id, 100); err != nil {
		return err
	}
	return tx.Commit()
}
