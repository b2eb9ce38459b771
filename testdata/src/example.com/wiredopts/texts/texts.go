// Package texts runs the text jobs, through the messenger main wires.
package texts

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/wiredopts/msgports"
)

// Jobs text customers.
type Jobs struct{ M msgports.Messenger }

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
