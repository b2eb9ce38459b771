// Package app cancels policies: the first cancellation of a policy
// refunds it.
package app

import (
	"context"

	"database/sql"
	"errors"
	"github.com/google/uuid"

	"example.com/wiredguard/bank"
)

// ErrNotCancellable answers a policy that is not active.
var ErrNotCancellable = errors.New("policy is not active")

type Refunds interface {
	Insert(ctx context.Context, policyID string, amount int) error
	InsertTx(ctx context.Context, tx *sql.Tx, policyID string, amount int) error
}

// Events keeps the policies' state changes and the events they publish.
type Events interface {
	MarkLapsed(ctx context.Context, id string) (string, error)
	MarkRenewed(ctx context.Context, id string) (string, error)
	MarkExpired(ctx context.Context, id string) (string, error)
	MarkVoided(ctx context.Context, id string) error
	MarkClosed(ctx context.Context, id string) error
	MarkSuspended(ctx context.Context, id string) (bool, error)
	Publish(ctx context.Context, eventID, policyID string) error
}

// Bank moves money.
type Bank interface {
	Transfer(ctx context.Context, req bank.TransferRequest) error
}

type Service struct {
	DB      *sql.DB
	Refunds Refunds
	Events  Events
	Bank    Bank
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

// Lapse moves the policy from active to lapsed, reading back the row it
// changed, then publishes the event under a new ID: a retry after the
// change finds no active row, which the read answers with an error, and
// stops before the event.
func (s *Service) Lapse(ctx context.Context, id string) error {
	if _, err := s.Events.MarkLapsed(ctx, id); err != nil {
		return err
	}
	return s.Events.Publish(ctx, uuid.NewString(), id)
}

// Renew sets the policy's status whatever it was: a retry gets past it
// and publishes a second event.
func (s *Service) Renew(ctx context.Context, id string) error {
	if _, err := s.Events.MarkRenewed(ctx, id); err != nil {
		return err
	}
	return s.Events.Publish(ctx, uuid.NewString(), id) // want `a retry inserts a second policy_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Renew\)`
}

// Expire moves the policy from active to expired through a store that
// answers a policy already expired as done: a retry gets past it and
// publishes a second event.
func (s *Service) Expire(ctx context.Context, id string) error {
	if _, err := s.Events.MarkExpired(ctx, id); err != nil {
		return err
	}
	return s.Events.Publish(ctx, uuid.NewString(), id) // want `a retry inserts a second policy_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Expire\)`
}

// Void moves the policy from active to voided through a store that
// fails when no active policy changed: a retry after the change stops
// there, before the event under a new ID.
func (s *Service) Void(ctx context.Context, id string) error {
	if err := s.Events.MarkVoided(ctx, id); err != nil {
		return err
	}
	return s.Events.Publish(ctx, uuid.NewString(), id)
}

// Close moves the policy from active to closed through a store that
// takes a policy closed before as done: a retry gets past it and
// publishes a second event.
func (s *Service) Close(ctx context.Context, id string) error {
	if err := s.Events.MarkClosed(ctx, id); err != nil {
		return err
	}
	return s.Events.Publish(ctx, uuid.NewString(), id) // want `a retry inserts a second policy_events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Close\)`
}

// Suspend moves the policy from active to suspended through a store
// whose helper answers whether the row changed: a retry after the
// change stops at the answer, before the event under a new ID.
func (s *Service) Suspend(ctx context.Context, id string) error {
	ok, err := s.Events.MarkSuspended(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotCancellable
	}
	return s.Events.Publish(ctx, uuid.NewString(), id)
}

// Payout pays the policy's claim to its account: the request names the
// destination account, no key the bank drops a repeat by.
func (s *Service) Payout(ctx context.Context, id string) error {
	return s.Bank.Transfer(ctx, bank.TransferRequest{ToAccountRef: id, Amount: 100})
}
