// Package jobs runs the Postgres-backed job queue: advances to disburse,
// statements and rental invoices to email, advance credits to book.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/store"
)

// Handler runs one job. An error puts the job back in the queue.
type Handler func(ctx context.Context, job *store.Job) error

type Queue interface {
	Claim(ctx context.Context, now time.Time, lease time.Duration) (*store.Job, error)
	Complete(ctx context.Context, id string) error
	Fail(ctx context.Context, id string, cause error, retryAt time.Time, dead bool) error
}

type Options struct {
	Lease        time.Duration
	PollInterval time.Duration
	MaxAttempts  int
}

type Worker struct {
	queue    Queue
	handlers map[string]Handler
	opts     Options
	log      *slog.Logger
	now      func() time.Time
}

func NewWorker(q Queue, opts Options, log *slog.Logger, now func() time.Time) *Worker {
	if opts.Lease == 0 {
		opts.Lease = 2 * time.Minute
	}
	if opts.PollInterval == 0 {
		opts.PollInterval = time.Second
	}
	if opts.MaxAttempts == 0 {
		opts.MaxAttempts = 12
	}
	return &Worker{queue: q, handlers: map[string]Handler{}, opts: opts, log: log, now: now}
}

// Register sets the handler of a job kind.
func (w *Worker) Register(kind string, h Handler) {
	w.handlers[kind] = h
}

// Payload decodes a job's payload.
func Payload[T any](job *store.Job) (T, error) {
	var v T
	err := json.Unmarshal(job.Payload, &v)
	return v, err
}

// Run polls the queue until ctx is cancelled.
func (w *Worker) Run(ctx context.Context) error {
	t := time.NewTicker(w.opts.PollInterval)
	defer t.Stop()
	for {
		for w.runOne(ctx) {
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func (w *Worker) runOne(ctx context.Context) bool {
	job, err := w.queue.Claim(ctx, w.now(), w.opts.Lease)
	if errors.Is(err, store.ErrNotFound) {
		return false
	}
	if err != nil {
		w.log.ErrorContext(ctx, "claim job", "err", err)
		return false
	}
	log := w.log.With("job", job.ID, "kind", job.Kind, "attempt", job.Attempts)
	h, ok := w.handlers[job.Kind]
	if !ok {
		w.fail(ctx, log, job, fmt.Errorf("no handler for %q", job.Kind), true)
		return true
	}
	runCtx, cancel := context.WithTimeout(ctx, w.opts.Lease)
	err = h(runCtx, job)
	cancel()
	if err != nil {
		w.fail(ctx, log, job, err, job.Attempts >= w.opts.MaxAttempts)
		return true
	}
	if err := w.queue.Complete(ctx, job.ID); err != nil {
		log.ErrorContext(ctx, "complete job", "err", err)
	}
	return true
}

func (w *Worker) fail(ctx context.Context, log *slog.Logger, job *store.Job, cause error, dead bool) {
	delay := time.Duration(job.Attempts*job.Attempts) * 10 * time.Second
	log.WarnContext(ctx, "job failed", "err", cause, "dead", dead, "retry_in", delay)
	if err := w.queue.Fail(ctx, job.ID, cause, w.now().Add(delay), dead); err != nil {
		log.ErrorContext(ctx, "record job failure", "err", err)
	}
}
