// Package app cancels policies: the first cancellation of a policy
// refunds it.
package app

import (
	"context"

	"database/sql"
	"errors"
	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"log"

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
	MarkReinstated(ctx context.Context, id string) (bool, error)
	ClaimReminder(ctx context.Context, id string) (bool, error)
	MarkReminded(ctx context.Context, id, messageID string) error
	Note(ctx context.Context, policyID, what string) error
	Publish(ctx context.Context, eventID, policyID string) error
}

// Jobs queues the work that follows a change.
type Jobs interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

// RefundArgs are a refund job's.
type RefundArgs struct{ PolicyID string }

func (RefundArgs) Kind() string { return "refund" }

// Texter sends texts.
type Texter interface {
	Text(ctx context.Context, key, body string) (string, error)
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
	Jobs    Jobs
	Texter  Texter
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

// Reinstate moves the policy from suspended to active through a store
// whose helper answers whether the row changed, then notes the
// reinstatement, harmless to repeat: after a failure between the two,
// the retry stops at the answer and the note is never made.
func (s *Service) Reinstate(ctx context.Context, id string) error {
	ok, err := s.Events.MarkReinstated(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotCancellable
	}
	return s.Events.Note(ctx, id, "reinstated")
}

// Resume does the same, but only logs a failure of the note: no retry
// follows it.
func (s *Service) Resume(ctx context.Context, id string) error {
	ok, err := s.Events.MarkReinstated(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotCancellable
	}
	if err := s.Events.Note(ctx, id, "resumed"); err != nil {
		log.Printf("note: %v", err)
	}
	return nil
}

// Withdraw moves the policy out of active on its own, then queues its
// refund on the pool: a failure of the insert leaves the policy
// withdrawn without a refund job, and the retry stops at the status.
func (s *Service) Withdraw(ctx context.Context, id string) error {
	res, err := s.DB.ExecContext(ctx, "UPDATE policies SET status = 'withdrawn' WHERE id = $1 AND status = 'active'", id) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction: the UPDATE into policies in app.Service.Withdraw first \(HTTP handler Handler.Withdraw\); run them in the guard's transaction`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotCancellable
	}
	_, err = s.Jobs.Enqueue(ctx, RefundArgs{PolicyID: id}, &river.InsertOpts{Queue: "billing"})
	return err
}

// Remind claims the policy's reminder, texts it, and stores the
// gateway's message ID: that write is the text's outcome, which can only
// commit after it, not work the claim strands.
func (s *Service) Remind(ctx context.Context, id string) error {
	ok, err := s.Events.ClaimReminder(ctx, id)
	if err != nil || !ok {
		return err
	}
	msgID, err := s.Texter.Text(ctx, "reminder-"+id, "your policy renews soon")
	if err != nil {
		return err
	}
	return s.Events.MarkReminded(ctx, id, msgID)
}

// Payout pays the policy's claim to its account: the request names the
// destination account, no key the bank drops a repeat by.
func (s *Service) Payout(ctx context.Context, id string) error {
	return s.Bank.Transfer(ctx, bank.TransferRequest{ToAccountRef: id, Amount: 100})
}
