// Package tasks defines the asynq task types the worker runs and the
// enqueuer the API, consumer and scheduler use to submit them.
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

const (
	TypeInstalmentCharge = "instalment:charge"
	TypeReminderSend     = "reminder:send"
	TypeHoldExpire       = "booking:expire-hold"
	TypeContractExpire   = "contract:expire"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
)

type InstalmentChargePayload struct {
	InstalmentID uuid.UUID `json:"instalment_id"`
	Reason       string    `json:"reason"`
}

type ReminderPayload struct {
	ReminderID uuid.UUID `json:"reminder_id"`
}

type HoldExpirePayload struct {
	BookingID uuid.UUID `json:"booking_id"`
}

type ContractExpirePayload struct {
	ContractID uuid.UUID `json:"contract_id"`
}

// Enqueuer submits tasks. Each task gets an ID derived from what it acts
// on, so submitting the same work twice while the first is still queued or
// retained is a no-op.
type Enqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(client *asynq.Client) *Enqueuer { return &Enqueuer{client: client} }

// InstalmentCharge queues the charge of an instalment that fell due.
func (e *Enqueuer) InstalmentCharge(ctx context.Context, instalmentID uuid.UUID, due time.Time) error {
	id := fmt.Sprintf("instalment:%s:%s", instalmentID, due.Format(time.DateOnly))
	return enqueue(ctx, e.client, TypeInstalmentCharge, InstalmentChargePayload{InstalmentID: instalmentID, Reason: "due"},
		asynq.TaskID(id), asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Retention(72*time.Hour))
}

// InstalmentRetry queues another charge attempt after a decline.
func (e *Enqueuer) InstalmentRetry(ctx context.Context, instalmentID uuid.UUID, eventID string, at time.Time) error {
	return enqueue(ctx, e.client, TypeInstalmentCharge, InstalmentChargePayload{InstalmentID: instalmentID, Reason: "retry"},
		asynq.TaskID("instalment-retry:"+eventID), asynq.Queue(QueueCritical), asynq.ProcessAt(at), asynq.MaxRetry(8))
}

func (e *Enqueuer) Reminder(ctx context.Context, reminderID uuid.UUID) error {
	return enqueue(ctx, e.client, TypeReminderSend, ReminderPayload{ReminderID: reminderID},
		asynq.TaskID("reminder:"+reminderID.String()), asynq.MaxRetry(5), asynq.Retention(24*time.Hour))
}

func (e *Enqueuer) HoldExpiry(ctx context.Context, bookingID uuid.UUID) error {
	return enqueue(ctx, e.client, TypeHoldExpire, HoldExpirePayload{BookingID: bookingID},
		asynq.TaskID("hold-expiry:"+bookingID.String()), asynq.MaxRetry(10))
}

func (e *Enqueuer) ContractExpiry(ctx context.Context, contractID uuid.UUID, at time.Time) error {
	return enqueue(ctx, e.client, TypeContractExpire, ContractExpirePayload{ContractID: contractID},
		asynq.TaskID("contract-expiry:"+contractID.String()), asynq.ProcessAt(at), asynq.MaxRetry(10))
}

func enqueue[P any](ctx context.Context, c *asynq.Client, typ string, payload P, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s payload: %w", typ, err)
	}
	_, err = c.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return nil
}

// Decode unmarshals a task payload.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("%s: decode payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}
