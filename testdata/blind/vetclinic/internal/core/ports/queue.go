package ports

import (
	"context"
	"time"
)

// Job is the argument payload of a background job. Its Kind selects the
// worker. Job types live in package jobargs.
type Job interface {
	Kind() string
}

type EnqueueOptions struct {
	Queue       string
	ScheduledAt time.Time
	MaxAttempts int
	UniqueArgs  bool
	UniqueFor   time.Duration
	Tags        []string
}

type EnqueueOption func(*EnqueueOptions)

func InQueue(q string) EnqueueOption { return func(o *EnqueueOptions) { o.Queue = q } }

func RunAt(t time.Time) EnqueueOption { return func(o *EnqueueOptions) { o.ScheduledAt = t } }

func MaxAttempts(n int) EnqueueOption { return func(o *EnqueueOptions) { o.MaxAttempts = n } }

// UniqueByArgs collapses jobs whose encoded args are equal for window (or
// for as long as a matching job is live when window is zero).
func UniqueByArgs(window time.Duration) EnqueueOption {
	return func(o *EnqueueOptions) {
		o.UniqueArgs = true
		o.UniqueFor = window
	}
}

func Tagged(tags ...string) EnqueueOption {
	return func(o *EnqueueOptions) { o.Tags = append(o.Tags, tags...) }
}

// JobQueue enqueues background work. When ctx carries a transaction from
// TxRunner, the job is inserted in that transaction.
type JobQueue interface {
	Enqueue(ctx context.Context, job Job, opts ...EnqueueOption) error
}
