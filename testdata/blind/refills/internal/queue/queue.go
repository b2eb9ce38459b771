// Package queue enqueues pipeline steps onto asynq.
package queue

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
)

// Enqueuer is what services use to hand work to the workers.
type Enqueuer interface {
	Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error
}

// TaskBuilder is the shape of the constructors in package tasks.
type TaskBuilder func() (*asynq.Task, []asynq.Option, error)

type AsynqEnqueuer struct {
	client *asynq.Client
}

func NewAsynqEnqueuer(client *asynq.Client) *AsynqEnqueuer {
	return &AsynqEnqueuer{client: client}
}

// Enqueue submits the task. A task-ID conflict means the same step is
// already queued, which is what the caller wanted.
func (e *AsynqEnqueuer) Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error {
	_, err := e.client.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

// Submit builds a task with one of the tasks constructors and enqueues it.
func Submit(ctx context.Context, q Enqueuer, build TaskBuilder) error {
	task, opts, err := build()
	if err != nil {
		return err
	}
	return q.Enqueue(ctx, task, opts...)
}
