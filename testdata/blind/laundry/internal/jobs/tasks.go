// Package jobs defines the background tasks run by the asynq worker and the
// helpers that enqueue them.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/freshpress/laundry/internal/billing"
)

const (
	TypeCaptureRetry    = "payment:capture-retry"
	TypeExpressFee      = "billing:express-fee"
	TypePickupReminders = "orders:pickup-reminders"
	TypeExpireCredits   = "loyalty:expire-credits"
	TypeOutboxRelay     = "outbox:relay"

	QueuePayments = "payments"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type CaptureRetryPayload struct {
	PaymentID uuid.UUID `json:"payment_id"`
}

func NewCaptureRetryTask(paymentID uuid.UUID) (*asynq.Task, error) {
	raw, err := json.Marshal(CaptureRetryPayload{PaymentID: paymentID})
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeCaptureRetry, raw, asynq.MaxRetry(12), asynq.Queue(QueuePayments)), nil
}

func NewExpressFeeTask(fee billing.ExpressFee) (*asynq.Task, error) {
	raw, err := json.Marshal(fee)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(TypeExpressFee, raw, asynq.MaxRetry(8), asynq.Queue(QueuePayments)), nil
}

// Periodic tasks carry no payload.
func NewPickupRemindersTask() *asynq.Task { return asynq.NewTask(TypePickupReminders, nil) }
func NewExpireCreditsTask() *asynq.Task {
	return asynq.NewTask(TypeExpireCredits, nil, asynq.Queue(QueueLow))
}
func NewOutboxRelayTask() *asynq.Task {
	return asynq.NewTask(TypeOutboxRelay, nil, asynq.MaxRetry(0), asynq.Timeout(50*time.Second))
}

// Enqueuer puts tasks on the asynq queues on behalf of the services.
type Enqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(c *asynq.Client) *Enqueuer { return &Enqueuer{client: c} }

// ScheduleCaptureRetry implements billing.CaptureRetryScheduler. There is at
// most one pending retry per payment.
func (e *Enqueuer) ScheduleCaptureRetry(ctx context.Context, paymentID uuid.UUID, after time.Duration) error {
	t, err := NewCaptureRetryTask(paymentID)
	if err != nil {
		return err
	}
	_, err = e.client.EnqueueContext(ctx, t,
		asynq.TaskID("capture-retry:"+paymentID.String()),
		asynq.ProcessIn(after),
	)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

// ScheduleExpressFee implements orders.FeeScheduler.
func (e *Enqueuer) ScheduleExpressFee(ctx context.Context, orderID, customerID uuid.UUID, amount int64, opID string) error {
	t, err := NewExpressFeeTask(billing.ExpressFee{
		OrderID:    orderID,
		CustomerID: customerID,
		Amount:     amount,
		OpID:       opID,
	})
	if err != nil {
		return err
	}
	_, err = e.client.EnqueueContext(ctx, t, asynq.TaskID("express-fee:"+opID))
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}
