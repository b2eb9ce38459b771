package compensation

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/providers/httpclient"
)

// PayoutWorker loads pending payouts onto donor cards.
type PayoutWorker struct {
	river.WorkerDefaults[jobs.PayoutArgs]
	svc Service
}

// NewPayoutWorker builds the worker.
func NewPayoutWorker(svc Service) *PayoutWorker { return &PayoutWorker{svc: svc} }

func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[jobs.PayoutArgs]) error {
	err := w.svc.ExecutePayout(ctx, job.Args.PayoutID, job.Attempt)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNoLiveCard):
		// New donors often finish their first donation before the desk
		// activates their card.
		return river.JobSnooze(2 * time.Hour)
	case !httpclient.IsRetryable(err):
		return river.JobCancel(err)
	default:
		return err
	}
}

// NextRetry backs off gently: issuer outages are usually short.
func (w *PayoutWorker) NextRetry(job *river.Job[jobs.PayoutArgs]) time.Time {
	d := time.Duration(job.Attempt*job.Attempt) * 30 * time.Second
	if d > time.Hour {
		d = time.Hour
	}
	return time.Now().Add(d)
}

// MilestoneBonusWorker pays monthly loyalty bonuses.
type MilestoneBonusWorker struct {
	river.WorkerDefaults[jobs.MilestoneBonusArgs]
	svc Service
}

// NewMilestoneBonusWorker builds the worker.
func NewMilestoneBonusWorker(svc Service) *MilestoneBonusWorker {
	return &MilestoneBonusWorker{svc: svc}
}

func (w *MilestoneBonusWorker) Work(ctx context.Context, job *river.Job[jobs.MilestoneBonusArgs]) error {
	err := w.svc.PayMilestone(ctx, job.Args.DonorID, job.Args.Milestone, job.Args.Amount)
	if errors.Is(err, ErrNoLiveCard) {
		return river.JobSnooze(6 * time.Hour)
	}
	return err
}
