// Package tasks defines the asynq task types shared by producers and the
// worker.
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
	TypeRideCharge         = "ride:charge"
	TypeRideReceipt        = "ride:receipt"
	TypeRefundProcess      = "refund:process"
	TypeRefundNotify       = "refund:notify"
	TypeWalletAutoreload   = "wallet:autoreload"
	TypeWalletCredit       = "wallet:credit"
	TypePassActivated      = "pass:activated"
	TypePassExpiryReminder = "pass:expiry-reminder"
	TypeCrewDispatch       = "crew:dispatch"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type RideChargePayload struct {
	ChargeID uuid.UUID `json:"charge_id"`
	RideID   uuid.UUID `json:"ride_id"`
}

type RideReceiptPayload struct {
	RideID uuid.UUID `json:"ride_id"`
}

type RefundPayload struct {
	RefundID uuid.UUID `json:"refund_id"`
}

type AutoreloadPayload struct {
	RiderID uuid.UUID `json:"rider_id"`
	Trigger string    `json:"trigger"`
}

type WalletCreditPayload struct {
	RiderID     uuid.UUID `json:"rider_id"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
	Reference   string    `json:"reference"`
	RequestedBy string    `json:"requested_by"`
}

type PassPayload struct {
	PassID uuid.UUID `json:"pass_id"`
}

type PassReminderPayload struct {
	PassID    uuid.UUID `json:"pass_id"`
	ExpiresAt time.Time `json:"expires_at"`
}

type CrewDispatchPayload struct {
	JobID uuid.UUID `json:"job_id"`
}

// Enqueuer publishes tasks to the worker.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

type AsynqEnqueuer struct {
	client *asynq.Client
}

func NewAsynqEnqueuer(c *asynq.Client) *AsynqEnqueuer {
	return &AsynqEnqueuer{client: c}
}

// Enqueue marshals payload and enqueues it. A task whose ID is already
// queued counts as enqueued.
func (e *AsynqEnqueuer) Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("tasks: marshal %s: %w", typ, err)
	}
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("tasks: enqueue %s: %w", typ, err)
	}
	return nil
}

// Decode unmarshals a task payload into T.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%w: decode %s: %v", asynq.SkipRetry, t.Type(), err)
	}
	return v, nil
}

// ChargeTaskID is the task id for charging a ride.
func ChargeTaskID(rideID uuid.UUID) string { return "ride-charge:" + rideID.String() }

// ReceiptTaskID is the task id for a ride receipt.
func ReceiptTaskID(rideID uuid.UUID) string { return "ride-receipt:" + rideID.String() }

// RefundTaskID is the task id for processing a refund request.
func RefundTaskID(refundID uuid.UUID) string { return "refund:" + refundID.String() }

var _ Enqueuer = (*AsynqEnqueuer)(nil)
