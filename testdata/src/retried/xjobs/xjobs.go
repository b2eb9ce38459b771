// Package xjobs is a worker of the program's own: it claims a job from a
// table, runs the handler its kind names, and puts a failed job back.
package xjobs

import (
	"context"
	"database/sql"
)

// Job is a row of the jobs table.
type Job struct {
	ID, Kind string
}

// Handler runs one job; an error puts it back in the table.
type Handler func(ctx context.Context, j *Job) error

// Registry maps kinds to handlers.
type Registry map[string]Handler

// Runner polls the table.
type Runner struct {
	db       *sql.DB
	handlers Registry
}

// NewRunner returns a runner of the handlers.
func NewRunner(db *sql.DB, handlers Registry) *Runner { return &Runner{db: db, handlers: handlers} }

func (r *Runner) runOne(ctx context.Context) error {
	var j Job
	err := r.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1)
		RETURNING id, kind`).Scan(&j.ID, &j.Kind)
	if err != nil {
		return err
	}
	herr := safeCall(ctx, r.handlers[j.Kind], &j)
	status := "done"
	if herr != nil {
		status = "queued"
	}
	_, err = r.db.ExecContext(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, j.ID, status)
	return err
}

func safeCall(ctx context.Context, h Handler, j *Job) error { return h(ctx, j) }

// Hooks are called on events of the runner's own, once each: no job.
type Hooks struct {
	handlers map[string]Handler
}

func (h *Hooks) fire(ctx context.Context, kind string) error {
	return h.handlers[kind](ctx, &Job{Kind: kind})
}

// A Worker is a handler of a job, behind an interface.
type Worker interface {
	Work(ctx context.Context, j Job) error
}

// WorkerFunc adapts a function to Worker.
type WorkerFunc func(ctx context.Context, j Job) error

// Work calls f.
func (f WorkerFunc) Work(ctx context.Context, j Job) error { return f(ctx, j) }

// Typed adapts a handler of the job's payload.
func Typed[P any](fn func(ctx context.Context, p P) error) Worker {
	return WorkerFunc(func(ctx context.Context, j Job) error {
		var p P
		return fn(ctx, p)
	})
}

// Queue claims jobs.
type Queue struct{ db *sql.DB }

// Claim leases the next jobs.
func (q *Queue) Claim(ctx context.Context) ([]Job, error) {
	rows, err := q.db.QueryContext(ctx, `UPDATE jobs SET status = 'running' WHERE id IN (
		SELECT id FROM jobs WHERE status = 'queued' LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id, kind`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID, &j.Kind); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// Pool runs the workers of the jobs its queue claims, each on its own
// goroutine.
type Pool struct {
	queue   *Queue
	workers map[string]Worker
}

func (p *Pool) poll(ctx context.Context) error {
	jobs, err := p.queue.Claim(ctx)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		go func(j Job) { p.runOne(ctx, j) }(j)
	}
	return nil
}

func (p *Pool) runOne(ctx context.Context, j Job) {
	if w, ok := p.workers[j.Kind]; ok {
		_ = w.Work(ctx, j)
	}
}

// A Dispatcher leases jobs through its queue and hands each to a helper
// that looks the job's handler up; its hooks run once per batch, with no
// job of the table.
type Dispatcher struct {
	queue    *Queue
	handlers map[string]Handler
	hooks    map[string]Handler
}

// NewDispatcher returns a dispatcher with no handlers.
func NewDispatcher(q *Queue) *Dispatcher {
	return &Dispatcher{queue: q, handlers: map[string]Handler{}, hooks: map[string]Handler{}}
}

// Handle registers h for jobs of kind.
func (d *Dispatcher) Handle(kind string, h Handler) { d.handlers[kind] = h }

// OnBatch registers h to run after each batch.
func (d *Dispatcher) OnBatch(name string, h Handler) { d.hooks[name] = h }

// Run leases one batch and runs it.
func (d *Dispatcher) Run(ctx context.Context) error {
	jobs, err := d.queue.Claim(ctx)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		d.dispatch(ctx, j)
	}
	d.afterBatch(ctx, "batch")
	return nil
}

func (d *Dispatcher) dispatch(ctx context.Context, j Job) {
	h, ok := d.handlers[j.Kind]
	if !ok {
		return
	}
	_ = h(ctx, &j)
}

func (d *Dispatcher) afterBatch(ctx context.Context, name string) {
	if h, ok := d.hooks[name]; ok {
		_ = h(ctx, &Job{Kind: name})
	}
}
