package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/rs/xid"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/service"
)

// NewRedisOpt builds the asynq connection options.
func NewRedisOpt(cfg *config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}
}

// NewClient returns an asynq client and its cleanup.
func NewClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

// Enqueuer implements service.Jobs on top of asynq.
type Enqueuer struct {
	client *asynq.Client
}

// NewEnqueuer wraps a client.
func NewEnqueuer(c *asynq.Client) *Enqueuer { return &Enqueuer{client: c} }

var _ service.Jobs = (*Enqueuer)(nil)

// enqueue marshals the payload and enqueues it. A task ID that is already
// taken means the same work is already queued, which is what the caller
// wanted.
func (e *Enqueuer) enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("jobs: marshal %s: %w", typ, err)
	}
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", typ, err)
	}
	return nil
}

// EnqueuePromotion queues one promotion for a freed seat. The trigger (the
// registration that freed the seat) makes the task ID unique per seat, and
// completed promotions are retained so the ID stays taken after they run.
func (e *Enqueuer) EnqueuePromotion(ctx context.Context, divisionID, triggerID string) error {
	return e.enqueue(ctx, TypeWaitlistPromote, PromotePayload{DivisionID: divisionID, TriggerID: triggerID},
		asynq.TaskID("promote:"+divisionID+":"+triggerID),
		asynq.Queue(QueueCritical),
		asynq.Retention(14*24*time.Hour),
		asynq.MaxRetry(defaultMaxRetry))
}

// EnqueueReminder queues one reminder text. Task IDs are xids so reminder
// tasks sort by creation time in the queue dashboard.
func (e *Enqueuer) EnqueueReminder(ctx context.Context, job service.ReminderJob) error {
	opts := []asynq.Option{
		asynq.TaskID(xid.New().String()),
		asynq.Queue(QueueNotifications),
		asynq.MaxRetry(notificationsMaxRetry),
	}
	if day, err := time.Parse(time.DateOnly, job.SendOn); err == nil {
		at := time.Date(day.Year(), day.Month(), day.Day(), 16, 0, 0, 0, time.UTC)
		if at.After(time.Now()) {
			opts = append(opts, asynq.ProcessAt(at))
		}
	}
	return e.enqueue(ctx, TypeReminderSend, job, opts...)
}

// EnqueueReceipt queues the receipt for a captured intent.
func (e *Enqueuer) EnqueueReceipt(ctx context.Context, registrationID, intentID string) error {
	return e.enqueue(ctx, TypeReceipt, ReceiptPayload{RegistrationID: registrationID, IntentID: intentID},
		asynq.TaskID("receipt:"+intentID),
		asynq.Queue(QueueNotifications),
		asynq.MaxRetry(notificationsMaxRetry))
}

// EnqueueReconcile schedules a status lookup for an intent.
func (e *Enqueuer) EnqueueReconcile(ctx context.Context, intentID string, after time.Duration) error {
	return e.enqueue(ctx, TypePaymentReconcile, IntentPayload{IntentID: intentID},
		asynq.TaskID("reconcile:"+intentID),
		asynq.ProcessIn(after),
		asynq.MaxRetry(defaultMaxRetry))
}

// EnqueueExpireUnpaid schedules the release of an unpaid seat.
func (e *Enqueuer) EnqueueExpireUnpaid(ctx context.Context, registrationID string, at time.Time) error {
	return e.enqueue(ctx, TypeExpireUnpaid, RegistrationPayload{RegistrationID: registrationID},
		asynq.TaskID("expire:"+registrationID),
		asynq.ProcessAt(at.Add(time.Minute)),
		asynq.MaxRetry(defaultMaxRetry))
}

// EnqueueOrderCheck queues the vendor order for a background check.
func (e *Enqueuer) EnqueueOrderCheck(ctx context.Context, checkID string) error {
	return e.enqueue(ctx, TypeBackgroundCheck, CheckPayload{CheckID: checkID},
		asynq.TaskID("bgcheck:"+checkID),
		asynq.MaxRetry(defaultMaxRetry),
		asynq.Timeout(2*time.Minute))
}

// EnqueueAutoAssign queues team balancing for a division.
func (e *Enqueuer) EnqueueAutoAssign(ctx context.Context, divisionID string) error {
	return e.enqueue(ctx, TypeTeamsAutoAssign, DivisionPayload{DivisionID: divisionID},
		asynq.TaskID("autoassign:"+divisionID),
		asynq.MaxRetry(3))
}

// EnqueuePaymentDue queues one payment-due reminder.
func (e *Enqueuer) EnqueuePaymentDue(ctx context.Context, registrationID, dueDate string) error {
	return e.enqueue(ctx, TypePaymentDue, PaymentDuePayload{RegistrationID: registrationID, DueDate: dueDate},
		asynq.TaskID("paydue:"+registrationID+":"+dueDate),
		asynq.Queue(QueueNotifications),
		asynq.Retention(96*time.Hour),
		asynq.MaxRetry(notificationsMaxRetry))
}

// EnqueueOutboxDelivery queues delivery of an outbox text.
func (e *Enqueuer) EnqueueOutboxDelivery(ctx context.Context, outboxID string) error {
	return e.enqueue(ctx, TypeOutboxDeliver, OutboxPayload{OutboxID: outboxID},
		asynq.TaskID("sms:"+outboxID),
		asynq.Queue(QueueNotifications),
		asynq.MaxRetry(notificationsMaxRetry))
}
