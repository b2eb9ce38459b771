// Package texts runs the text jobs, through the messenger main wires.
package texts

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/wiredopts/msgports"
)

// Jobs text customers.
type Jobs struct {
	M     msgports.Messenger
	Store msgports.Messages
	N     msgports.Notifier
}

// Text texts under the task's own reference: the gateway drops a
// repeat.
func (j *Jobs) Text(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return j.M.SendSMS(ctx, string(t.Payload()), "your order is ready", msgports.WithClientReference("ready-"+id), msgports.WithValidity(60))
}

// TextFresh texts under a reference made on every attempt.
func (j *Jobs) TextFresh(ctx context.Context, t *asynq.Task) error {
	return j.M.SendSMS(ctx, string(t.Payload()), "your order is late", msgports.WithClientReference(uuid.NewString()), msgports.WithValidity(120)) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler Jobs.TextFresh\)`
}

// TextBare texts with no reference.
func (j *Jobs) TextBare(ctx context.Context, t *asynq.Task) error {
	return j.M.SendSMS(ctx, string(t.Payload()), "thanks", msgports.WithValidity(30))
}

// Remind records the text, then sends it under a reference made on
// every attempt: a retry after the send, before the text is marked
// sent, finds the row queued and sends again under a new reference.
func (j *Jobs) Remind(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	m, err := j.Store.Claim(ctx, msgports.Message{ID: uuid.NewString(), Ref: "remind-" + id})
	if err != nil {
		return err
	}
	if m.Status != "queued" {
		return nil
	}
	ref := uuid.NewString() // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler Jobs.Remind\)`
	if err := j.M.SendSMS(ctx, string(t.Payload()), "see you soon", msgports.WithClientReference(ref)); err != nil {
		return err
	}
	return j.Store.MarkSent(ctx, m.ID)
}

// RemindOnce sends only when this delivery recorded the text: a retry
// stops at the record, and the reference is made once.
func (j *Jobs) RemindOnce(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	first, err := j.Store.Reserve(ctx, msgports.Message{ID: uuid.NewString(), Ref: "once-" + id})
	if err != nil || !first {
		return err
	}
	return j.M.SendSMS(ctx, string(t.Payload()), "see you soon", msgports.WithClientReference(uuid.NewString()))
}

// Note sends a note under the task's own reference, which the note
// the task describes carries.
func (j *Jobs) Note(ctx context.Context, t *asynq.Task) error {
	var n msgports.Note
	if err := json.Unmarshal(t.Payload(), &n); err != nil {
		return err
	}
	return j.N.SendNote(ctx, n)
}

// Tagged sends a note whose client sets a fixed reference.
func (j *Jobs) Tagged(ctx context.Context, t *asynq.Task) error {
	return j.N.SendTagged(ctx, msgports.Note{To: string(t.Payload()), Body: "hello"})
}
