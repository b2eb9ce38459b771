package withdrawals

import (
	"context"
	"fmt"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/queue"
	"github.com/halyard/funding/internal/store"
)

// Risk verdicts.
const (
	VerdictApprove = "approve"
	VerdictReject  = "reject"
)

// Decision is the risk engine's verdict on a pending withdrawal.
type Decision struct {
	WithdrawalID string
	Verdict      string
	Score        float64
	Reason       string
}

// ApplyRiskDecision moves a withdrawal out of pending_risk. Approved
// withdrawals below the manual-approval threshold are dispatched straight
// to execution; replays of an approval re-dispatch in case the first
// enqueue was lost.
func (s *Service) ApplyRiskDecision(ctx context.Context, d Decision) (*store.Withdrawal, error) {
	var (
		w        *store.Withdrawal
		dispatch bool
	)
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		cur, err := r.Withdrawals.GetForUpdate(ctx, d.WithdrawalID)
		if err != nil {
			return err
		}
		w = cur
		switch d.Verdict {
		case VerdictApprove:
			switch cur.Status {
			case store.WithdrawalPendingRisk:
				next := store.WithdrawalApproved
				if cur.Amount >= s.cfg.ApprovalThreshold {
					next = store.WithdrawalPendingApproval
				}
				if _, err := r.Withdrawals.Transition(ctx, cur.ID, []string{store.WithdrawalPendingRisk}, next); err != nil {
					return err
				}
				cur.Status = next
				dispatch = next == store.WithdrawalApproved
			case store.WithdrawalApproved:
				dispatch = true
			}
			return nil
		case VerdictReject:
			if cur.Status != store.WithdrawalPendingRisk {
				return nil
			}
			return closeOut(ctx, r, cur, store.WithdrawalRejected, "withdrawal_risk_rejected")
		default:
			return fmt.Errorf("unknown verdict %q", d.Verdict)
		}
	})
	if err != nil {
		return nil, err
	}
	if dispatch {
		if err := s.dispatch(ctx, w); err != nil {
			return nil, err
		}
	}
	return w, nil
}

func (s *Service) dispatch(ctx context.Context, w *store.Withdrawal) error {
	job := queue.ExecuteWithdrawal{WithdrawalID: w.ID, Rail: w.Rail}
	msgID, err := s.jobs.Enqueue(ctx, queue.ExecutionJobType(w.Rail), job,
		queue.WithGroupID("wd-"+w.ID),
		queue.WithDedupID(ids.New()),
		queue.WithAttribute("source", "risk"),
	)
	if err != nil {
		return fmt.Errorf("dispatch %s: %w", w.ID, err)
	}
	s.log.InfoContext(ctx, "withdrawal dispatched", "withdrawal_id", w.ID, "message_id", msgID)
	return nil
}
