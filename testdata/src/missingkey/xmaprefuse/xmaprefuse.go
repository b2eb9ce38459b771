// Package xmaprefuse texts members for a queue's tasks.
package xmaprefuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xmapref"
)

// Texts texts.
type Texts struct{ SMS *xmapref.Client }

// Remind texts with no reference: the gateway sends each attempt's.
func (t *Texts) Remind(ctx context.Context, task *asynq.Task) error {
	return t.SMS.Send(ctx, xmapref.Message{To: string(task.Payload()), Body: "due"}) // want `a retry repeats the retried HTTP POST: the input sets no client_ref: Client.Do\(\) in xmapref.Client.Send \(xmapref.go:\d+:\d+\) \(asynq handler Texts.Remind\)`
}

// RemindOnce texts under the task's ID.
func (t *Texts) RemindOnce(ctx context.Context, task *asynq.Task) error {
	return t.SMS.Send(ctx, xmapref.Message{To: string(task.Payload()), Body: "due", ClientRef: task.ResultWriter().TaskID()})
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, t *Texts) {
	mux.HandleFunc("remind", t.Remind)
	mux.HandleFunc("remind:once", t.RemindOnce)
}
