package donor

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/providers/sms"
)

// DeferralNoticeWorker texts a donor about a new deferral.
type DeferralNoticeWorker struct {
	river.WorkerDefaults[jobs.DeferralNoticeArgs]

	store *pgstore.Store
	repo  Repository
	sms   sms.Sender
}

// NewDeferralNoticeWorker builds the worker.
func NewDeferralNoticeWorker(store *pgstore.Store, repo Repository, sender sms.Sender) *DeferralNoticeWorker {
	return &DeferralNoticeWorker{store: store, repo: repo, sms: sender}
}

func (w *DeferralNoticeWorker) Work(ctx context.Context, job *river.Job[jobs.DeferralNoticeArgs]) error {
	d, err := w.repo.GetDonor(ctx, w.store.DB(), job.Args.DonorID)
	if err != nil {
		return err
	}
	def, err := w.repo.GetDeferral(ctx, w.store.DB(), job.Args.DeferralID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Hi %s, thank you for visiting. You're not able to donate plasma at this time.", d.FirstName)
	if def.EndsOn != nil {
		body = fmt.Sprintf("Hi %s, thank you for visiting. You can donate again from %s. Book anytime in the app.",
			d.FirstName, def.EndsOn.Format("Jan 2"))
	}
	_, err = w.sms.Send(ctx, sms.Message{
		To:              d.Phone,
		Body:            body,
		ClientReference: "deferral-notice-" + job.Args.NoticeID,
	})
	return err
}
