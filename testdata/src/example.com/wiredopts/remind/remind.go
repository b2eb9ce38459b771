// Package remind texts reminders through a notifier main wires.
package remind

import (
	"context"

	"example.com/wiredopts/notify"
	"example.com/wiredopts/sms"
	"github.com/hibiken/asynq"
)

// Notifier is the sender the reminders use; main wires it.
type Notifier interface {
	Send(ctx context.Context, to, body string, opts ...notify.Option) error
}

// Voice places calls; main wires it.
type Voice interface {
	PlaceCall(ctx context.Context, call sms.Call, opts ...sms.CallOption) error
}

// Reminders text reminders, and ring.
type Reminders struct {
	N     Notifier
	Voice Voice
}

// Ring calls with no key.
func (r *Reminders) Ring(ctx context.Context, t *asynq.Task) error {
	return r.Voice.PlaceCall(ctx, sms.Call{To: string(t.Payload()), Text: "your tech is on the way"})
}

// RingKeyed calls under the task's ID.
func (r *Reminders) RingKeyed(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return r.Voice.PlaceCall(ctx, sms.Call{To: string(t.Payload()), Text: "on the way"}, sms.WithKey("ring-"+id))
}

// Remind texts with no reference: the sender makes one per attempt.
func (r *Reminders) Remind(ctx context.Context, t *asynq.Task) error {
	return r.N.Send(ctx, string(t.Payload()), "see you tomorrow")
}

// Confirm texts under the task's own reference: the gateway drops a
// repeat, so the send is keyed, though no header says so.
func (r *Reminders) Confirm(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return r.N.Send(ctx, string(t.Payload()), "confirmed", notify.WithClientRef("confirm-"+id))
}
