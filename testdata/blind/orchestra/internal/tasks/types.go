// Package tasks defines the asynq task types, their payloads, the enqueuer
// used by the API and scheduler, and the worker-side handlers.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task type names.
const (
	TypeInstallmentSweep  = "installments:sweep"
	TypeInstallmentCharge = "installment:charge"
	TypeReminderSweep     = "reminders:sweep"
	TypeInstallmentRemind = "installment:remind"
	TypeSubscriptionWelc  = "subscription:welcome"
	TypePayrollClose      = "payroll:close-period"
	TypePayrollPayout     = "payroll:payout"
	TypeMatchReconcile    = "matching:reconcile"
)

// Queue names.
const (
	QueuePayments = "payments"
	QueueNotify   = "notify"
	QueuePayroll  = "payroll"
	QueueDefault  = "default"
)

type ChargePayload struct {
	InstallmentID string `json:"installment_id"`
	Attempt       int    `json:"attempt"`
}

type RemindPayload struct {
	InstallmentID string `json:"installment_id"`
	// NotificationID is minted when the reminder is scheduled and used as
	// the email's Message-ID.
	NotificationID string `json:"notification_id"`
}

type WelcomePayload struct {
	SubscriptionID string `json:"subscription_id"`
}

type ClosePeriodPayload struct {
	PeriodStart string `json:"period_start"` // YYYY-MM-DD
}

type PayoutPayload struct {
	PayoutID string `json:"payout_id"`
}

type ReconcilePayload struct {
	LookbackHours int `json:"lookback_hours"`
}

// Enqueuer wraps asynq.Client with typed helpers. Every enqueue carries a
// TaskID derived from the thing it acts on, so repeated enqueues of the
// same work collapse while the task is queued or retained.
type Enqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(c *asynq.Client) *Enqueuer { return &Enqueuer{client: c} }

func (e *Enqueuer) enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s payload: %w", typ, err)
	}
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// EnqueueWelcome schedules the welcome email for a new subscriber.
func (e *Enqueuer) EnqueueWelcome(ctx context.Context, subscriptionID string) error {
	return e.enqueue(ctx, TypeSubscriptionWelc, WelcomePayload{SubscriptionID: subscriptionID},
		asynq.Queue(QueueNotify),
		asynq.TaskID("welcome:"+subscriptionID),
		asynq.Retention(7*24*time.Hour),
		asynq.MaxRetry(8),
	)
}

// EnqueueCharge schedules a charge attempt for an installment. attempt is
// the installment's failure count, so each dunning round gets its own task.
func (e *Enqueuer) EnqueueCharge(ctx context.Context, installmentID string, attempt int) error {
	return e.enqueue(ctx, TypeInstallmentCharge, ChargePayload{InstallmentID: installmentID, Attempt: attempt},
		asynq.Queue(QueuePayments),
		asynq.TaskID(fmt.Sprintf("charge:%s:%d", installmentID, attempt)),
		asynq.Retention(72*time.Hour),
		asynq.MaxRetry(5),
		asynq.Timeout(2*time.Minute),
	)
}

// EnqueueReminder schedules the reminder email for an installment.
func (e *Enqueuer) EnqueueReminder(ctx context.Context, installmentID string) error {
	return e.enqueue(ctx, TypeInstallmentRemind,
		RemindPayload{InstallmentID: installmentID, NotificationID: uuid.NewString()},
		asynq.Queue(QueueNotify),
		asynq.TaskID("remind:"+installmentID),
		asynq.Retention(14*24*time.Hour),
	)
}

// EnqueueClosePeriod asks the worker to close a pay period.
func (e *Enqueuer) EnqueueClosePeriod(ctx context.Context, periodStart time.Time) error {
	d := periodStart.Format(time.DateOnly)
	return e.enqueue(ctx, TypePayrollClose, ClosePeriodPayload{PeriodStart: d},
		asynq.Queue(QueuePayroll),
		asynq.TaskID("payroll-close:"+d),
		asynq.Retention(30*24*time.Hour),
		asynq.MaxRetry(10),
	)
}

// EnqueuePayout schedules one musician's bank transfer.
func (e *Enqueuer) EnqueuePayout(ctx context.Context, payoutID string) error {
	return e.enqueue(ctx, TypePayrollPayout, PayoutPayload{PayoutID: payoutID},
		asynq.Queue(QueuePayroll),
		asynq.TaskID("payout:"+payoutID),
		asynq.Retention(30*24*time.Hour),
	)
}

// decode unmarshals a task payload and marks malformed payloads as not
// worth retrying.
func decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
