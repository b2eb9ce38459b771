// Package jobs defines the asynq task types, their payloads and the
// enqueuer used by services to hand work to cmd/worker.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeNotifySMS      = "notify:sms"
	TypeNotifyEmail    = "notify:email"
	TypeSurveyReminder = "survey:reminder"
	TypeInvoiceIssue   = "invoice:issue"
	TypeInvoiceSend    = "invoice:send"
	TypeClaimPayout    = "claim:payout"
	TypeStorageBill    = "storage:bill-month"
	TypeCrewRoster     = "crew:roster"
)

const (
	QueueDefault  = "default"
	QueuePayments = "payments"
	QueueNotify   = "notify"
)

type NotifyPayload struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

type SurveyReminderPayload struct {
	SurveyID uuid.UUID `json:"survey_id"`
	Reminder string    `json:"reminder"`
}

type InvoiceIssuePayload struct {
	BookingID uuid.UUID `json:"booking_id"`
}

type InvoiceSendPayload struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
}

type ClaimPayoutPayload struct {
	ClaimID     string `json:"claim_id"`
	AmountCents int64  `json:"amount_cents"`
	Destination string `json:"destination"`
}

type StorageBillPayload struct {
	LotID  uuid.UUID `json:"lot_id"`
	Period string    `json:"period"`
	Final  bool      `json:"final,omitempty"`
}

type CrewRosterPayload struct {
	Day string `json:"day"`
}

// Enqueuer hands a task to the worker fleet.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error
}

type asynqEnqueuer struct {
	client *asynq.Client
	log    *slog.Logger
}

// NewEnqueuer returns an Enqueuer backed by an asynq client. A task whose
// TaskID is already queued is reported as enqueued.
func NewEnqueuer(client *asynq.Client, log *slog.Logger) Enqueuer {
	return &asynqEnqueuer{client: client, log: log}
}

func (e *asynqEnqueuer) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("jobs: encode %s: %w", taskType, err)
	}
	info, err := e.client.EnqueueContext(ctx, asynq.NewTask(taskType, body), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		e.log.Debug("task already queued", "type", taskType)
		return nil
	}
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", taskType, err)
	}
	e.log.Debug("task queued", "type", taskType, "id", info.ID, "queue", info.Queue)
	return nil
}

// Decode unmarshals a task payload.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}
