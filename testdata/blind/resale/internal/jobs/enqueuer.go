package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/encorelane/resale/internal/platform/ids"
)

// Options tune one enqueue. The zero value runs the task now on the
// default queue with the queue's retry policy.
type Options struct {
	TaskID   string
	Queue    string
	Delay    time.Duration
	MaxRetry int
}

// Enqueuer is what services depend on to schedule work.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts Options) error
}

type AsynqEnqueuer struct {
	client *asynq.Client
	newID  func() string
}

func NewAsynqEnqueuer(client *asynq.Client) *AsynqEnqueuer {
	return &AsynqEnqueuer{client: client, newID: ids.New}
}

// Enqueue schedules the task. Every task carries an id so it can be found
// in the asynq inspector; an enqueue that hits an existing id is treated as
// already done.
func (e *AsynqEnqueuer) Enqueue(ctx context.Context, taskType string, payload any, opts Options) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", taskType, err)
	}
	id := opts.TaskID
	if id == "" {
		id = taskType + ":" + e.newID()
	}
	asynqOpts := []asynq.Option{asynq.TaskID(id), asynq.Retention(72 * time.Hour)}
	if opts.Queue != "" {
		asynqOpts = append(asynqOpts, asynq.Queue(opts.Queue))
	}
	if opts.Delay > 0 {
		asynqOpts = append(asynqOpts, asynq.ProcessIn(opts.Delay))
	}
	if opts.MaxRetry > 0 {
		asynqOpts = append(asynqOpts, asynq.MaxRetry(opts.MaxRetry))
	}
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(taskType, raw), asynqOpts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", taskType, err)
	}
	return nil
}
