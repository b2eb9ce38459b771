package worker

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/provider/bank"
	"github.com/pawsure/premiums/internal/service/payouts"
)

// ClaimPayoutWorker submits approved claim payouts.
type ClaimPayoutWorker struct {
	river.WorkerDefaults[jobs.ClaimPayoutArgs]
	Payouts payouts.Service
}

func (w *ClaimPayoutWorker) Work(ctx context.Context, job *river.Job[jobs.ClaimPayoutArgs]) error {
	err := w.Payouts.Execute(ctx, job.Args.PayoutID)
	var apiErr *bank.APIError
	if errors.As(err, &apiErr) && apiErr.Status == 422 {
		// Invalid account details will not fix themselves; wait for the
		// policyholder to update their bank details.
		return river.JobCancel(err)
	}
	if errors.Is(err, payouts.ErrNoBankAccount) {
		return river.JobSnooze(24 * time.Hour)
	}
	return err
}

// ReissuePayoutWorker re-sends returned payouts to updated bank details.
type ReissuePayoutWorker struct {
	river.WorkerDefaults[jobs.ReissuePayoutArgs]
	Payouts payouts.Service
}

func (w *ReissuePayoutWorker) Work(ctx context.Context, job *river.Job[jobs.ReissuePayoutArgs]) error {
	return w.Payouts.Reissue(ctx, job.Args.PayoutID, job.Args.AccountToken)
}
