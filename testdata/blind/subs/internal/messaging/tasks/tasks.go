// Package tasks defines the asynq task types, their payloads and the
// enqueue helpers used by services.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
)

const (
	TypeDunningRetryPayment = "dunning:retry_payment"
	TypeDunningSendNotice   = "dunning:send_notice"
	TypeWebhookDeliver      = "webhook:deliver"
	TypeCreditsExpireSweep  = "credits:expire_sweep"
)

const (
	QueueDunning  = "dunning"
	QueueWebhooks = "webhooks"
	QueueDefault  = "default"
)

type DunningRetryPayload struct {
	InvoiceID string `json:"invoice_id"`
	Attempt   int    `json:"attempt"`
}

type DunningNoticePayload struct {
	InvoiceID string `json:"invoice_id"`
	Step      int    `json:"step"`
}

type WebhookDeliverPayload struct {
	EventID string `json:"event_id"`
}

type CreditsExpireSweepPayload struct {
	BatchSize int `json:"batch_size"`
}

// Enqueuer is satisfied by *asynq.Client.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// New marshals payload into a task of type typ.
func New[P any](typ string, payload P, opts ...asynq.Option) (*asynq.Task, error) {
	data, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("tasks: marshal %s: %w", typ, err)
	}
	return asynq.NewTask(typ, data, opts...), nil
}

// Decode unmarshals a task payload.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("tasks: decode %s: %w: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

// Enqueue builds and enqueues a task; a TaskID conflict means an identical
// task is already queued and is treated as success.
func Enqueue[P any](ctx context.Context, q Enqueuer, typ string, payload P, opts ...asynq.Option) error {
	t, err := New(typ, payload)
	if err != nil {
		return err
	}
	if _, err := q.EnqueueContext(ctx, t, opts...); err != nil {
		if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
			return nil
		}
		return fmt.Errorf("tasks: enqueue %s: %w", typ, err)
	}
	return nil
}
