package service

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/platform/queue"
)

// Texter queues an SMS for asynchronous delivery by the worker. The returned
// reference identifies the queued task and is handy when correlating logs.
type Texter struct {
	q queue.Enqueuer
}

func NewTexter(q queue.Enqueuer) *Texter { return &Texter{q: q} }

func (t *Texter) Enqueue(ctx context.Context, p queue.SMSSendPayload) (string, error) {
	task, err := queue.NewSMSSend(p)
	if err != nil {
		return "", err
	}
	ref := uuid.NewString()
	if _, err := t.q.Enqueue(ctx, task, asynq.TaskID(ref)); err != nil {
		return "", err
	}
	return ref, nil
}
