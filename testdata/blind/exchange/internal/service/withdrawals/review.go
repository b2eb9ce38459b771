package withdrawals

import (
	"context"
	"fmt"

	"github.com/halyard/funding/internal/queue"
	"github.com/halyard/funding/internal/store"
)

// Approve records an operator's sign-off on a withdrawal above the
// approval threshold. When the quorum is reached the withdrawal is queued
// for execution.
func (s *Service) Approve(ctx context.Context, withdrawalID, approverID, comment string) (*store.Withdrawal, int, error) {
	var (
		out   *store.Withdrawal
		count int
	)
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		w, err := r.Withdrawals.GetForUpdate(ctx, withdrawalID)
		if err != nil {
			return err
		}
		if w.Status != store.WithdrawalPendingApproval {
			return fmt.Errorf("%w: %s", ErrInvalidState, w.Status)
		}
		if w.UserID == approverID {
			return ErrForbidden
		}
		approval := &store.WithdrawalApproval{WithdrawalID: w.ID, ApproverID: approverID, Comment: comment}
		if err := r.Approvals.Insert(ctx, approval); err != nil {
			return err
		}
		n, err := r.Approvals.Count(ctx, w.ID)
		if err != nil {
			return err
		}
		out, count = w, n
		if n < s.cfg.ApprovalQuorum {
			return nil
		}
		ok, err := r.Withdrawals.Transition(ctx, w.ID, []string{store.WithdrawalPendingApproval}, store.WithdrawalApproved)
		if err != nil || !ok {
			return fmt.Errorf("approve transition: ok=%v: %w", ok, err)
		}
		w.Status = store.WithdrawalApproved
		job := queue.ExecuteWithdrawal{WithdrawalID: w.ID, Rail: w.Rail}
		_, err = s.jobs.Enqueue(ctx, queue.ExecutionJobType(w.Rail), job, queue.ForWithdrawal(w.ID)...)
		return err
	})
	if err != nil {
		return nil, 0, err
	}
	return out, count, nil
}

// Reject closes a withdrawal awaiting approval and releases the funds.
// Rejecting an already rejected withdrawal is a no-op.
func (s *Service) Reject(ctx context.Context, withdrawalID, operatorID, reason string) (*store.Withdrawal, error) {
	var out *store.Withdrawal
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		w, err := r.Withdrawals.GetForUpdate(ctx, withdrawalID)
		if err != nil {
			return err
		}
		out = w
		if w.Status == store.WithdrawalRejected {
			return nil
		}
		if err := closeOut(ctx, r, w, store.WithdrawalRejected, "withdrawal_rejected"); err != nil {
			return err
		}
		s.log.InfoContext(ctx, "withdrawal rejected", "withdrawal_id", w.ID, "operator", operatorID, "reason", reason)
		return nil
	})
	return out, err
}

// Cancel lets the owner withdraw a request that has not been executed.
func (s *Service) Cancel(ctx context.Context, userID, withdrawalID string) (*store.Withdrawal, error) {
	var out *store.Withdrawal
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		w, err := r.Withdrawals.GetForUpdate(ctx, withdrawalID)
		if err != nil {
			return err
		}
		if w.UserID != userID {
			return store.ErrNotFound
		}
		out = w
		if w.Status == store.WithdrawalCancelled {
			return nil
		}
		return closeOut(ctx, r, w, store.WithdrawalCancelled, "withdrawal_cancelled")
	})
	return out, err
}
