// Package tasks connects the application to asynq: a Queue implementation for
// producers and the handler table for the worker.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

type Client struct {
	c *asynq.Client
}

func NewClient(redisAddr string) *Client {
	return &Client{c: asynq.NewClient(asynq.RedisClientOpt{Addr: redisAddr})}
}

func (c *Client) Close() error { return c.c.Close() }

// Enqueue implements jobs.Queue.
func (c *Client) Enqueue(ctx context.Context, taskType string, payload any, taskID string) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("tasks: encode %s: %w", taskType, err)
	}
	opts := []asynq.Option{asynq.MaxRetry(12), asynq.Timeout(2 * time.Minute), asynq.Queue(queueFor(taskType))}
	if taskID != "" {
		opts = append(opts, asynq.TaskID(taskID), asynq.Retention(72*time.Hour))
	}
	_, err = c.c.EnqueueContext(ctx, asynq.NewTask(taskType, raw), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

func queueFor(taskType string) string {
	switch taskType {
	case "webhook:send":
		return "webhooks"
	case "invoice:generate":
		return "low"
	default:
		return "default"
	}
}
