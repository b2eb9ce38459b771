// Package worker registers the River workers that run the platform's
// background jobs. Handlers are declared in a table (see Table) and
// registered with shared middleware.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/metrics"
)

// Meta describes the job being worked, for middleware.
type Meta struct {
	Kind    string
	JobID   int64
	Attempt int
}

// Middleware wraps a job's work function.
type Middleware func(meta Meta, next func(ctx context.Context) error) func(ctx context.Context) error

// Handler knows how to register itself with a River worker bundle.
type Handler interface {
	register(ws *river.Workers, mw Middleware) error
}

type typed[A river.JobArgs] func(ctx context.Context, job *river.Job[A]) error

func (h typed[A]) register(ws *river.Workers, mw Middleware) error {
	return river.AddWorkerSafely(ws, river.WorkFunc(func(ctx context.Context, job *river.Job[A]) error {
		meta := Meta{Kind: job.Kind, JobID: job.ID, Attempt: job.Attempt}
		return mw(meta, func(ctx context.Context) error { return h(ctx, job) })(ctx)
	}))
}

// Handle adapts a typed job function to Handler.
func Handle[A river.JobArgs](fn func(ctx context.Context, job *river.Job[A]) error) Handler {
	return typed[A](fn)
}

// Registration binds a job kind to its handler.
type Registration struct {
	Kind    string
	Handler Handler
}

// Register adds every registration in table to ws, wrapping each with mws
// (outermost first).
func Register(ws *river.Workers, table []Registration, mws ...Middleware) error {
	chain := func(meta Meta, next func(ctx context.Context) error) func(ctx context.Context) error {
		for i := len(mws) - 1; i >= 0; i-- {
			next = mws[i](meta, next)
		}
		return next
	}
	for _, reg := range table {
		if err := reg.Handler.register(ws, chain); err != nil {
			return fmt.Errorf("register %s: %w", reg.Kind, err)
		}
	}
	return nil
}

// Logging logs each job's outcome and puts a job-scoped logger in ctx.
func Logging(base *slog.Logger) Middleware {
	return func(meta Meta, next func(ctx context.Context) error) func(ctx context.Context) error {
		return func(ctx context.Context) error {
			log := base.With(slog.String("job_kind", meta.Kind), slog.Int64("job_id", meta.JobID), slog.Int("attempt", meta.Attempt))
			ctx = logging.Into(ctx, log)
			start := time.Now()
			err := next(ctx)
			if err != nil {
				log.Error("job failed", slog.Duration("took", time.Since(start)), slog.Any("err", err))
				return err
			}
			log.Info("job done", slog.Duration("took", time.Since(start)))
			return nil
		}
	}
}

// Metrics counts job outcomes and records durations per kind.
func Metrics(rec metrics.Recorder) Middleware {
	return func(meta Meta, next func(ctx context.Context) error) func(ctx context.Context) error {
		return func(ctx context.Context) error {
			start := time.Now()
			err := next(ctx)
			rec.Observe("job_seconds", time.Since(start), meta.Kind)
			rec.Inc("job_total", meta.Kind, metrics.Outcome(err))
			return err
		}
	}
}
