package ports

import (
	"context"
	"time"
)

// Job is implemented by every background job's argument struct.
type Job interface {
	Kind() string
}

type EnqueueOptions struct {
	Queue       string
	ScheduledAt time.Time
	MaxAttempts int
	// UniqueByArgs makes the queue drop an insert whose unique arguments
	// match a job that has not yet completed.
	UniqueByArgs bool
}

type EnqueueOption func(*EnqueueOptions)

func OnQueue(q string) EnqueueOption { return func(o *EnqueueOptions) { o.Queue = q } }

func At(t time.Time) EnqueueOption { return func(o *EnqueueOptions) { o.ScheduledAt = t } }

func MaxAttempts(n int) EnqueueOption { return func(o *EnqueueOptions) { o.MaxAttempts = n } }

func UniqueByArgs() EnqueueOption { return func(o *EnqueueOptions) { o.UniqueByArgs = true } }

type JobEnqueuer interface {
	Enqueue(ctx context.Context, job Job, opts ...EnqueueOption) error
}
