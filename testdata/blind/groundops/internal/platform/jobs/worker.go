package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/apronworks/groundops/internal/models"
)

// Handler runs one job. Returning an error schedules another attempt
// (with backoff) until MaxAttempts is reached.
type Handler func(ctx context.Context, job *models.Job) error

// Typed adapts a handler that takes a decoded payload.
func Typed[P any](fn func(ctx context.Context, job *models.Job, payload P) error) Handler {
	return func(ctx context.Context, job *models.Job) error {
		var p P
		if err := json.Unmarshal(job.Payload, &p); err != nil {
			return fmt.Errorf("decode %s payload: %w", job.Kind, err)
		}
		return fn(ctx, job, p)
	}
}

// Handlers is the registration table the worker dispatches on.
type Handlers map[string]Handler

type WorkerOptions struct {
	Concurrency int
	Lease       time.Duration
	Poll        time.Duration
}

type Worker struct {
	db       *gorm.DB
	handlers Handlers
	opts     WorkerOptions
}

func NewWorker(db *gorm.DB, handlers Handlers, opts WorkerOptions) *Worker {
	if opts.Concurrency <= 0 {
		opts.Concurrency = 1
	}
	if opts.Poll <= 0 {
		opts.Poll = time.Second
	}
	return &Worker{db: db, handlers: handlers, opts: opts}
}

func (w *Worker) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for i := 0; i < w.opts.Concurrency; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.loop(ctx)
		}()
	}
	wg.Wait()
}

func (w *Worker) loop(ctx context.Context) {
	for ctx.Err() == nil {
		job, err := w.claim(ctx)
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			slog.ErrorContext(ctx, "job claim failed", "err", err)
		}
		if job == nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(w.opts.Poll):
			}
			continue
		}
		w.execute(ctx, job)
	}
}

// claim leases the next due job. A job whose lease ran out (worker
// crashed mid-run) becomes claimable again.
func (w *Worker) claim(ctx context.Context) (*models.Job, error) {
	var job models.Job
	err := w.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ? AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())", models.JobQueued).
			Order("run_at").
			Limit(1).
			First(&job).Error
		if err != nil {
			return err
		}
		lease := time.Now().UTC().Add(w.opts.Lease)
		return tx.Model(&job).Updates(map[string]any{
			"locked_until": lease,
			"attempts":     gorm.Expr("attempts + 1"),
		}).Error
	})
	if err != nil {
		return nil, err
	}
	job.Attempts++
	return &job, nil
}

func (w *Worker) execute(ctx context.Context, job *models.Job) {
	h, ok := w.handlers[job.Kind]
	if !ok {
		w.finish(ctx, job, fmt.Errorf("no handler for job kind %q", job.Kind))
		return
	}
	runCtx, cancel := context.WithTimeout(ctx, w.opts.Lease)
	defer cancel()
	err := h(runCtx, job)
	w.finish(ctx, job, err)
}

func (w *Worker) finish(ctx context.Context, job *models.Job, runErr error) {
	values := map[string]any{"locked_until": nil}
	switch {
	case runErr == nil:
		values["status"] = models.JobDone
		values["last_error"] = ""
	case job.Attempts >= job.MaxAttempts:
		values["status"] = models.JobFailed
		values["last_error"] = runErr.Error()
	default:
		backoff := time.Duration(job.Attempts*job.Attempts) * 10 * time.Second
		values["run_at"] = time.Now().UTC().Add(backoff)
		values["last_error"] = runErr.Error()
	}
	if runErr != nil {
		slog.WarnContext(ctx, "job failed", "kind", job.Kind, "id", job.ID, "attempt", job.Attempts, "err", runErr)
	}
	if err := w.db.WithContext(context.WithoutCancel(ctx)).Model(&models.Job{}).
		Where("id = ?", job.ID).Updates(values).Error; err != nil {
		slog.ErrorContext(ctx, "job finish write failed", "id", job.ID, "err", err)
	}
}
