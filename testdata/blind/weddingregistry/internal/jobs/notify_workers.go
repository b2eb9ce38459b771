package jobs

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/tiedknot/registry/internal/notify"
)

// SendThankYouWorker delivers thank-you notes.
type SendThankYouWorker struct {
	river.WorkerDefaults[SendThankYouArgs]
	svc notify.Service
}

func (w *SendThankYouWorker) Work(ctx context.Context, job *river.Job[SendThankYouArgs]) error {
	return w.svc.SendThankYou(ctx, job.Args.NoteID)
}

// ContributionReceiptWorker emails contribution receipts.
type ContributionReceiptWorker struct {
	river.WorkerDefaults[ContributionReceiptArgs]
	svc notify.Service
}

func (w *ContributionReceiptWorker) Work(ctx context.Context, job *river.Job[ContributionReceiptArgs]) error {
	return w.svc.SendContributionReceipt(ctx, job.Args.ContributionID)
}

// RegistryDigestWorker sends the periodic activity digests.
type RegistryDigestWorker struct {
	river.WorkerDefaults[RegistryDigestArgs]
	svc notify.Service
	log *slog.Logger
}

func (w *RegistryDigestWorker) Work(ctx context.Context, job *river.Job[RegistryDigestArgs]) error {
	n, err := w.svc.SendDueDigests(ctx)
	w.log.InfoContext(ctx, "digests sent", "count", n, "attempt", job.Attempt)
	return err
}

// AnnounceRegistryWorker sends "your registry is live".
type AnnounceRegistryWorker struct {
	river.WorkerDefaults[AnnounceRegistryArgs]
	svc notify.Service
}

func (w *AnnounceRegistryWorker) Work(ctx context.Context, job *river.Job[AnnounceRegistryArgs]) error {
	return w.svc.AnnounceRegistry(ctx, job.Args.RegistryID)
}
