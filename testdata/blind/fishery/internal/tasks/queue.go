package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

func RedisOpt(cfg config.Redis) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.Addr, Password: cfg.Password, DB: cfg.DB}
}

// NewClient opens the asynq client shared by the API, worker and cron.
func NewClient(cfg config.Redis) (*asynq.Client, func()) {
	c := asynq.NewClient(RedisOpt(cfg))
	return c, func() { _ = c.Close() }
}

// Queue adapts asynq to ports.TaskQueue.
type Queue struct {
	client     *asynq.Client
	maxRetry   int
	defaultOpt []asynq.Option
}

func NewQueue(client *asynq.Client) *Queue {
	return &Queue{
		client:   client,
		maxRetry: 12,
		// Keep completed tasks long enough that a task ID still collides
		// with a late duplicate enqueue.
		defaultOpt: []asynq.Option{asynq.Retention(72 * time.Hour)},
	}
}

func (q *Queue) Enqueue(ctx context.Context, job ports.Job) error {
	payload, err := json.Marshal(job.Payload)
	if err != nil {
		return fmt.Errorf("tasks: encode %s: %w", job.Type, err)
	}
	opts := q.options(job.Type, job.Queue, job.Key)
	if job.Delay > 0 {
		opts = append(opts, asynq.ProcessIn(job.Delay))
	}
	return q.enqueue(ctx, asynq.NewTask(job.Type, payload), opts)
}

// EnqueueRaw enqueues an already encoded payload, as stored in the outbox.
func (q *Queue) EnqueueRaw(ctx context.Context, taskType string, payload json.RawMessage, key string) error {
	return q.enqueue(ctx, asynq.NewTask(taskType, payload), q.options(taskType, "", key))
}

func (q *Queue) options(taskType, queue, key string) []asynq.Option {
	if queue == "" {
		queue = queueFor[taskType]
	}
	if queue == "" {
		queue = "default"
	}
	opts := append([]asynq.Option{asynq.Queue(queue), asynq.MaxRetry(q.maxRetry)}, q.defaultOpt...)
	if key != "" {
		opts = append(opts, asynq.TaskID(key))
	}
	return opts
}

func (q *Queue) enqueue(ctx context.Context, t *asynq.Task, opts []asynq.Option) error {
	_, err := q.client.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		// Already queued (or still retained) under this key.
		return nil
	}
	if err != nil {
		return fmt.Errorf("tasks: enqueue %s: %w", t.Type(), err)
	}
	return nil
}
