package worker

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/notify"
)

// SendNotificationWorker delivers queued notifications.
type SendNotificationWorker struct {
	river.WorkerDefaults[jobs.SendNotificationArgs]
	Notify notify.Service
}

func (w *SendNotificationWorker) Timeout(*river.Job[jobs.SendNotificationArgs]) time.Duration {
	return 30 * time.Second
}

func (w *SendNotificationWorker) Work(ctx context.Context, job *river.Job[jobs.SendNotificationArgs]) error {
	return w.Notify.Deliver(ctx, job.Args.NotificationID, job.Attempt)
}

// ClaimFollowUpWorkers returns the thin workers that call into the claims
// service.
func ClaimFollowUpWorkers(svc claims.Service) (*Func[jobs.ClaimDocsReminderArgs], *Func[jobs.NotifyVetDecisionArgs]) {
	reminder := NewFunc(30*time.Second, func(ctx context.Context, job *river.Job[jobs.ClaimDocsReminderArgs]) error {
		return svc.SendDocsReminder(ctx, job.Args.ClaimID)
	})
	vetNotice := NewFunc(time.Minute, func(ctx context.Context, job *river.Job[jobs.NotifyVetDecisionArgs]) error {
		return svc.NotifyVetDecision(ctx, job.Args.ClaimID, job.Args.Decision)
	})
	return reminder, vetNotice
}
