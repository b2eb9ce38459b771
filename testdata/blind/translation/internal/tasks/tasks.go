// Package tasks defines the background task types, their payloads and the
// queue used to enqueue them.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/segmentio/ksuid"
)

// Task type names. The worker registers one handler per type.
const (
	TypeMTPrepass        = "mt:prepass"
	TypeInvoiceGenerate  = "invoice:generate"
	TypeSettlementCredit = "settlement:credit"
	TypePayoutDispatch   = "payout:dispatch"
	TypeNotifyEmail      = "notify:email"
	TypeDeliverableScan  = "deliverable:scan"
)

// Queue names, in priority order.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// MTPrepass asks the worker to machine-translate a job's source.
type MTPrepass struct {
	JobID      string `json:"job_id"`
	GlossaryID string `json:"glossary_id,omitempty"`
	Formality  string `json:"formality,omitempty"`
}

// InvoiceGenerate asks the worker to issue the invoice for an approved job.
type InvoiceGenerate struct {
	JobID string `json:"job_id"`
}

// SettlementCredit credits the translator once a job's escrow is captured.
type SettlementCredit struct {
	JobID string `json:"job_id"`
}

// PayoutDispatch sends a queued payout to the payouts provider.
type PayoutDispatch struct {
	PayoutID string `json:"payout_id"`
}

// DeliverableScan submits an uploaded deliverable for malware scanning.
type DeliverableScan struct {
	DeliverableID string `json:"deliverable_id"`
}

// NotifyEmail is a templated email. Key identifies the notification; when it
// is empty the task ID is used.
type NotifyEmail struct {
	Key         string            `json:"key,omitempty"`
	To          string            `json:"to"`
	Template    string            `json:"template"`
	Data        map[string]string `json:"data,omitempty"`
	Attachments []Attachment      `json:"attachments,omitempty"`
}

// Attachment references a stored file to attach to an email.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	ObjectKey   string `json:"object_key"`
}

// Enqueuer puts tasks on the queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (string, error)
}

// Queue is the asynq-backed Enqueuer.
type Queue struct {
	client   *asynq.Client
	defaults []asynq.Option
}

// NewQueue wraps an asynq client. Completed tasks are retained for three days
// so that task IDs keep rejecting duplicates after the task has run.
func NewQueue(c *asynq.Client) *Queue {
	return &Queue{client: c, defaults: []asynq.Option{
		asynq.MaxRetry(12),
		asynq.Retention(72 * time.Hour),
		asynq.Timeout(5 * time.Minute),
	}}
}

// Enqueue marshals payload and enqueues it. A task whose ID is already taken
// is reported as enqueued, with the existing ID.
func (q *Queue) Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (string, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return "", fmt.Errorf("marshal %s: %w", typ, err)
	}
	all := append(append([]asynq.Option{}, q.defaults...), opts...)
	info, err := q.client.EnqueueContext(ctx, asynq.NewTask(typ, b), all...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return info.ID, nil
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// Fresh gives a task its own ID so it is never merged with another one.
func Fresh() asynq.Option {
	return asynq.TaskID(ksuid.New().String())
}

// Keyed gives a task a deterministic ID built from parts.
func Keyed(parts ...string) asynq.Option {
	id := ""
	for i, p := range parts {
		if i > 0 {
			id += ":"
		}
		id += p
	}
	return asynq.TaskID(id)
}
