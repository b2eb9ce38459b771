// Package xhdrmapuse posts statements to the ledger from a job queue.
package xhdrmapuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xhdrmap"
)

// Worker posts to the ledger.
type Worker struct {
	Ledger *xhdrmap.Client
}

// Negative: the entry's external ID, the task's own, keys it.
func (w *Worker) Post(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return w.Ledger.Post(ctx, xhdrmap.Entry{ExternalID: "statement-" + id, Cents: 100})
}

// Reverse reverses without a key.
func (w *Worker) Reverse(ctx context.Context, t *asynq.Task) error {
	return w.Ledger.Reverse(ctx, string(t.Payload())) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("ledger:post", w.Post)
	mux.HandleFunc("ledger:reverse", w.Reverse)
}
