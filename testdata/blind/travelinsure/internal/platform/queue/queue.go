// Package queue wraps the asynq client behind a narrow interface so that
// services can be wired without a Redis connection in tests and tools.
package queue

import (
	"context"
	"errors"
	"log/slog"

	"github.com/hibiken/asynq"
)

// Enqueuer puts background tasks on the asynq queues.
type Enqueuer interface {
	Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error
}

type asynqEnqueuer struct {
	client *asynq.Client
	log    *slog.Logger
}

// NewEnqueuer returns an Enqueuer backed by an asynq client. A task whose
// TaskID is already present in the queue is treated as enqueued.
func NewEnqueuer(client *asynq.Client, log *slog.Logger) Enqueuer {
	return &asynqEnqueuer{client: client, log: log}
}

func (e *asynqEnqueuer) Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error {
	info, err := e.client.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		e.log.DebugContext(ctx, "task already enqueued", "type", task.Type())
		return nil
	}
	if err != nil {
		return err
	}
	e.log.DebugContext(ctx, "task enqueued", "type", task.Type(), "id", info.ID, "queue", info.Queue)
	return nil
}
