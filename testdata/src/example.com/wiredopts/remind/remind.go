// Package remind texts reminders through a notifier main wires.
package remind

import (
	"context"

	"example.com/wiredopts/notify"
	"github.com/hibiken/asynq"
)

// Notifier is the sender the reminders use; main wires it.
type Notifier interface {
	Send(ctx context.Context, to, body string, opts ...notify.Option) error
}

// Reminders text reminders.
type Reminders struct{ N Notifier }

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
