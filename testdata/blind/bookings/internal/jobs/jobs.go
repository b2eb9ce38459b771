// Package jobs defines the asynq task types, their payloads and the helpers
// services use to enqueue them. Handlers live in internal/worker.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task types.
const (
	TypeSettlementNightly = "settlement:nightly"
	TypeHoldExpire        = "holds:expire"
	TypeNotifySMS         = "notify:sms"
	TypeDisplayPush       = "displays:push"
	TypeLoyaltyTierRecalc = "loyalty:tier-recalc"
	TypeTicketReissue     = "ticketing:reissue"
	TypePaymentCapture    = "payments:capture"
)

// Queues.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Enqueuer is the part of *asynq.Client the services use.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// SettlementPayload is the payload of TypeSettlementNightly.
type SettlementPayload struct {
	BusinessDate string `json:"business_date"` // YYYY-MM-DD
}

// HoldExpirePayload is the payload of TypeHoldExpire.
type HoldExpirePayload struct {
	HoldID string `json:"hold_id"`
}

// NotifySMSPayload is the payload of TypeNotifySMS.
type NotifySMSPayload struct {
	NotificationID string `json:"notification_id"`
}

// DisplayPushPayload is the payload of TypeDisplayPush.
type DisplayPushPayload struct {
	TripID      string `json:"trip_id"`
	StationCode string `json:"station_code"`
	Version     int64  `json:"version"`
}

// TierRecalcPayload is the payload of TypeLoyaltyTierRecalc.
type TierRecalcPayload struct {
	MemberID string `json:"member_id"`
	Period   string `json:"period"` // YYYY-MM
}

// ReissuePayload is the payload of TypeTicketReissue.
type ReissuePayload struct {
	TicketNumber string   `json:"ticket_number"`
	Reason       string   `json:"reason"`
	Seats        []string `json:"seats,omitempty"`
}

// CapturePayload is the payload of TypePaymentCapture.
type CapturePayload struct {
	PaymentID string `json:"payment_id"`
}

// New marshals payload into a task of type typ.
func New(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, raw, opts...), nil
}

// Decode unmarshals a task payload, marking malformed payloads as not
// retryable.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// EnqueueUnique enqueues task under a stable task id. A conflict means the
// same logical job is already queued (or retained after completion), which
// is what the caller wants, so it is not an error.
func EnqueueUnique(ctx context.Context, e Enqueuer, task *asynq.Task, id string, opts ...asynq.Option) error {
	opts = append(opts, asynq.TaskID(id), asynq.Retention(72*time.Hour))
	_, err := e.EnqueueContext(ctx, task, opts...)
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return fmt.Errorf("enqueue %s (%s): %w", task.Type(), id, err)
	}
	return nil
}
