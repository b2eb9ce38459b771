// Package refunds pays held housing deposits back to students' bank
// accounts through the payout provider and tracks the transfer outcome.
package refunds

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/providers/payouts"
	"github.com/quadhall/housing/internal/store"
)

// ErrNoBankAccount means the student has not registered a payout account
// yet; the job waits and the nightly reminder nags them.
var ErrNoBankAccount = errors.New("refunds: student has no payout account")

// ErrNotRefundable means the assignment is not in a state that allows a
// deposit refund.
var ErrNotRefundable = errors.New("refunds: assignment not refundable")

// Transferer creates bank transfers.
type Transferer interface {
	CreateTransfer(ctx context.Context, req payouts.TransferRequest) (*payouts.Transfer, error)
}

// Service implements deposit refunds.
type Service struct {
	q        db.Querier
	tx       store.Transactor
	jobs     jobs.Enqueuer
	payouts  Transferer
	stmtText string
}

// NewService returns a Service.
func NewService(q db.Querier, tx store.Transactor, enq jobs.Enqueuer, p Transferer) *Service {
	return &Service{q: q, tx: tx, jobs: enq, payouts: p, stmtText: "QUADHALL DEPOSIT REFUND"}
}

// RequestRefund is staff asking for a deposit refund to be (re)queued, e.g.
// after a student finally registers bank details.
type RequestRefund struct {
	AssignmentID string
}

// Request handles RequestRefund.
func (s *Service) Request(ctx context.Context, cmd RequestRefund) (commandbus.Result, error) {
	a, err := s.q.GetAssignment(ctx, cmd.AssignmentID)
	if store.IsNotFound(err) {
		return commandbus.Result{}, commandbus.Reject("unknown_assignment", cmd.AssignmentID)
	}
	if err != nil {
		return commandbus.Result{}, err
	}
	if a.Status != "inspected" && a.Status != "ended" {
		return commandbus.Result{}, commandbus.Reject("not_inspected", "inspect the room before refunding")
	}
	inserted, err := s.jobs.Enqueue(ctx, jobs.RefundDepositArgs{AssignmentID: a.ID}, nil)
	if err != nil {
		return commandbus.Result{}, err
	}
	status := "queued"
	if !inserted {
		status = "already_queued"
	}
	return commandbus.Result{ID: a.ID, Status: status}, nil
}

// IssueDepositRefund pays the refundable part of the deposit held on an
// assignment.
func (s *Service) IssueDepositRefund(ctx context.Context, assignmentID string) error {
	a, err := s.q.GetAssignment(ctx, assignmentID)
	if err != nil {
		return fmt.Errorf("load assignment: %w", err)
	}
	if a.Status != "inspected" && a.Status != "ended" {
		return ErrNotRefundable
	}
	if a.DepositHeldCents == 0 {
		return nil
	}
	student, err := s.q.GetStudent(ctx, a.StudentID)
	if err != nil {
		return fmt.Errorf("load student: %w", err)
	}
	if !student.PayoutAccountID.Valid {
		return ErrNoBankAccount
	}

	refund, err := s.q.CreateDepositRefund(ctx, db.CreateDepositRefundParams{
		ID:           ids.New(),
		AssignmentID: a.ID,
		StudentID:    student.ID,
		AmountCents:  a.DepositHeldCents,
	})
	if err != nil {
		return fmt.Errorf("record refund: %w", err)
	}

	transfer, err := s.payouts.CreateTransfer(ctx, payouts.TransferRequest{
		DestinationAccount: student.PayoutAccountID.String,
		AmountCents:        refund.AmountCents,
		Reference:          "deposit-refund-" + refund.ID,
		StatementText:      s.stmtText,
	})
	if err != nil {
		return fmt.Errorf("create transfer: %w", err)
	}
	return s.q.MarkRefundSubmitted(ctx, db.MarkRefundSubmittedParams{
		ID:               refund.ID,
		ProviderPayoutID: sql.NullString{String: transfer.ID, Valid: true},
	})
}

// TransferPaid marks a submitted refund as paid. Transfers that are not
// deposit refunds (contractor payments) match no row.
func (s *Service) TransferPaid(ctx context.Context, transferID string) error {
	_, err := s.q.MarkRefundPaid(ctx, sql.NullString{String: transferID, Valid: true})
	return err
}

// TransferFailed marks a submitted refund as failed so staff can re-request
// it once the student fixes their bank details.
func (s *Service) TransferFailed(ctx context.Context, transferID, reason string) error {
	_, err := s.q.MarkRefundFailed(ctx, db.MarkRefundFailedParams{
		ProviderPayoutID: sql.NullString{String: transferID, Valid: true},
		FailureReason:    sql.NullString{String: reason, Valid: reason != ""},
	})
	return err
}

// TransferReturned handles money the student's bank sent back after a
// transfer settled: the refund is marked returned and the amount becomes
// account credit the student can claim.
func (s *Service) TransferReturned(ctx context.Context, transferID, reason string) error {
	return s.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		row, err := q.MarkRefundReturned(ctx, db.MarkRefundReturnedParams{
			ProviderPayoutID: sql.NullString{String: transferID, Valid: true},
			FailureReason:    sql.NullString{String: reason, Valid: reason != ""},
		})
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		return q.AddStudentCredit(ctx, db.AddStudentCreditParams{
			StudentID:   row.StudentID,
			AmountCents: row.AmountCents,
		})
	})
}
