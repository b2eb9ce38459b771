// Package queue wraps the asynq client with JSON payloads and the task ID
// conventions used across the service.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Enqueuer publishes tasks.
type Enqueuer struct {
	client *asynq.Client
	newID  func() string
	// queueFor maps a task type to its queue; unknown types go to default.
	queueFor func(taskType string) string
}

// NewEnqueuer builds an Enqueuer. newID supplies task IDs for tasks that do
// not carry their own key.
func NewEnqueuer(client *asynq.Client, newID func() string, queueFor func(string) string) *Enqueuer {
	if queueFor == nil {
		queueFor = func(string) string { return QueueDefault }
	}
	return &Enqueuer{client: client, newID: newID, queueFor: queueFor}
}

func (e *Enqueuer) task(taskType string, payload any) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %s payload: %w", taskType, err)
	}
	return asynq.NewTask(taskType, b, asynq.Queue(e.queueFor(taskType))), nil
}

// Enqueue publishes a task under a generated task ID so it can be found in
// the asynq inspector and correlated with our logs.
func (e *Enqueuer) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) (string, error) {
	t, err := e.task(taskType, payload)
	if err != nil {
		return "", err
	}
	opts = append([]asynq.Option{asynq.TaskID(e.newID())}, opts...)
	info, err := e.client.EnqueueContext(ctx, t, opts...)
	if err != nil {
		return "", fmt.Errorf("enqueue %s: %w", taskType, err)
	}
	return info.ID, nil
}

// EnqueueOnce publishes a task whose ID is key. A task that already exists
// under that key (pending, scheduled, retrying or retained) is treated as
// success.
func (e *Enqueuer) EnqueueOnce(ctx context.Context, taskType, key string, payload any, opts ...asynq.Option) error {
	if key == "" {
		return errors.New("queue: EnqueueOnce requires a key")
	}
	t, err := e.task(taskType, payload)
	if err != nil {
		return err
	}
	opts = append(opts, asynq.TaskID(key), asynq.Retention(72*time.Hour))
	_, err = e.client.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s %s: %w", taskType, key, err)
	}
	return nil
}

// Decode unmarshals a task payload into T.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("decode %s: %w: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
