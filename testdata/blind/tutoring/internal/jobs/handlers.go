package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/learnloop/tutoring/internal/service/credits"
	"github.com/learnloop/tutoring/internal/service/notify"
	"github.com/learnloop/tutoring/internal/service/payouts"
	"github.com/learnloop/tutoring/internal/service/referrals"
	"github.com/learnloop/tutoring/internal/service/video"
)

// Handlers are the asynq task handlers run by the worker.
type Handlers struct {
	Notify   notify.Service
	Video    video.Service
	Payouts  payouts.Service
	Expirer  *credits.Expirer
	Referral *referrals.Reporter
	Log      *slog.Logger
}

// decode wraps a typed handler as an asynq.HandlerFunc.
func decode[T any](fn func(ctx context.Context, p T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p T
		if len(t.Payload()) > 0 {
			if err := json.Unmarshal(t.Payload(), &p); err != nil {
				return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
			}
		}
		return fn(ctx, p)
	}
}

// Mux returns the ServeMux with every task registered.
func (h *Handlers) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	table := map[string]asynq.HandlerFunc{
		TypeLessonReminder: decode(h.reminder),
		TypeVideoProvision: decode(func(ctx context.Context, p LessonPayload) error {
			return h.Video.Provision(ctx, p.LessonID)
		}),
		TypeReviewRequest: decode(func(ctx context.Context, p LessonPayload) error {
			return h.Notify.SendReviewRequest(ctx, p.LessonID)
		}),
		TypePayoutBatch:  h.payoutBatch,
		TypeCreditExpiry: h.creditExpiry,
		TypeReferralReport: decode(func(ctx context.Context, p ReferralPayload) error {
			return h.Referral.Report(ctx, p.ReferralID)
		}),
	}
	for typ, fn := range table {
		mux.Handle(typ, logged(h.Log, typ, fn))
	}
	return mux
}

func logged(log *slog.Logger, typ string, next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, _ := asynq.GetTaskID(ctx)
		retry, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		if err != nil {
			log.ErrorContext(ctx, "task failed", "type", typ, "task_id", id, "retry", retry, "err", err)
		}
		return err
	})
}

func (h *Handlers) reminder(ctx context.Context, p ReminderPayload) error {
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("reminder without task id: %w", asynq.SkipRetry)
	}
	return h.Notify.SendReminder(ctx, taskID, p.LessonID, p.StartsAt)
}

func (h *Handlers) payoutBatch(ctx context.Context, _ *asynq.Task) error {
	res, err := h.Payouts.RunBatch(ctx)
	h.Log.InfoContext(ctx, "payout batch", "batch_id", res.BatchID, "paid", res.Paid, "skipped", res.Skipped, "failed", res.Failed)
	return err
}

func (h *Handlers) creditExpiry(ctx context.Context, _ *asynq.Task) error {
	n, err := h.Expirer.ExpireDue(ctx, 500)
	h.Log.InfoContext(ctx, "credit expiry", "expired", n)
	return err
}
