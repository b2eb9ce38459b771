package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/app"
	"github.com/keystonebail/bondline/internal/jobs/tasks"
	"github.com/keystonebail/bondline/internal/platform/database"
)

type handlers struct {
	c *app.Container
}

// relayOutbox moves committed outbox rows onto the queue. Each row becomes
// a task whose id is the row's id, kept after completion for a week, so a
// row relayed twice is enqueued once.
func (h *handlers) relayOutbox(ctx context.Context, _ *asynq.Task) error {
	return database.WithTx(ctx, h.c.DB, func(tx *sqlx.Tx) error {
		msgs, err := h.c.Outbox.LockPending(ctx, tx, 200)
		if err != nil {
			return err
		}
		relayed := make([]int64, 0, len(msgs))
		for _, m := range msgs {
			_, err := h.c.Queue.EnqueueContext(ctx, asynq.NewTask(m.TaskType, m.Payload),
				asynq.TaskID(fmt.Sprintf("outbox-%d", m.ID)),
				asynq.Retention(7*24*time.Hour),
				asynq.MaxRetry(20),
			)
			if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
				slog.WarnContext(ctx, "outbox relay stopped", "outbox_id", m.ID, "err", err)
				break
			}
			relayed = append(relayed, m.ID)
		}
		return h.c.Outbox.MarkRelayed(ctx, tx, relayed)
	})
}

func (h *handlers) scheduleReminders(ctx context.Context, _ *asynq.Task) error {
	n, err := h.c.Reminders.ScheduleUpcoming(ctx)
	if n > 0 {
		slog.InfoContext(ctx, "court reminders queued", "count", n)
	}
	return err
}

func (h *handlers) sendReminder(ctx context.Context, p tasks.ReminderSendPayload) error {
	return h.c.Reminders.Send(ctx, p.ReminderID)
}

func (h *handlers) processForfeiture(ctx context.Context, p tasks.ForfeiturePayload) error {
	return h.c.Forfeitures.Process(ctx, p.NoticeID)
}

func (h *handlers) refundCollateral(ctx context.Context, p tasks.CollateralRefundPayload) error {
	return h.c.Collateral.Refund(ctx, p.DepositID)
}

func (h *handlers) reconcile(ctx context.Context, p tasks.ReconcilePayload) error {
	day := h.c.Surety.Yesterday()
	if p.BusinessDate != "" {
		d, err := time.ParseInLocation("2006-01-02", p.BusinessDate, h.c.Config.Location)
		if err != nil {
			return fmt.Errorf("reconcile: business_date: %v: %w", err, asynq.SkipRetry)
		}
		day = d
	}
	return h.c.Surety.Reconcile(ctx, day)
}

func (h *handlers) chargeInstallments(ctx context.Context, _ *asynq.Task) error {
	_, err := h.c.Premiums.ChargeDueInstallments(ctx, time.Now().In(h.c.Config.Location))
	return err
}

func (h *handlers) sweepCheckins(ctx context.Context, _ *asynq.Task) error {
	n, err := h.c.Checkins.SweepOverdue(ctx)
	if n > 0 {
		slog.InfoContext(ctx, "check-in escalations queued", "count", n)
	}
	return err
}

func (h *handlers) escalateCheckin(ctx context.Context, p tasks.CheckinEscalatePayload) error {
	return h.c.Checkins.Escalate(ctx, p)
}
