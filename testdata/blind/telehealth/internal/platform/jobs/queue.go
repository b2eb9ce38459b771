// Package jobs is a small Postgres-backed job queue with at-least-once
// execution: a job whose handler fails, or whose worker dies, runs again.
package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
)

// Job is one row of the jobs table.
type Job struct {
	ID          string     `db:"id"`
	Kind        string     `db:"kind"`
	Payload     []byte     `db:"payload"`
	DedupKey    string     `db:"dedup_key"`
	Status      string     `db:"status"`
	Attempts    int        `db:"attempts"`
	MaxAttempts int        `db:"max_attempts"`
	RunAt       time.Time  `db:"run_at"`
	LockedUntil *time.Time `db:"locked_until"`
	LastError   *string    `db:"last_error"`
	CreatedAt   time.Time  `db:"created_at"`
	FinishedAt  *time.Time `db:"finished_at"`
}

// Decode unmarshals the job payload into v.
func (j *Job) Decode(v any) error {
	if err := json.Unmarshal(j.Payload, v); err != nil {
		return fmt.Errorf("job %s (%s): decode payload: %w", j.ID, j.Kind, err)
	}
	return nil
}

type enqueueOpts struct {
	dedupKey    string
	runAt       time.Time
	maxAttempts int
}

// Option customises Enqueue.
type Option func(*enqueueOpts)

// DedupKey makes Enqueue a no-op when a job with the same key exists.
func DedupKey(k string) Option { return func(o *enqueueOpts) { o.dedupKey = k } }

// RunAt delays the job until t.
func RunAt(t time.Time) Option { return func(o *enqueueOpts) { o.runAt = t } }

// MaxAttempts overrides the default attempt budget.
func MaxAttempts(n int) Option { return func(o *enqueueOpts) { o.maxAttempts = n } }

// Queue inserts jobs.
type Queue struct {
	db *sqlx.DB
}

func NewQueue(d *sqlx.DB) *Queue { return &Queue{db: d} }

// Enqueue adds a job. It reports false when the dedup key already exists.
func (q *Queue) Enqueue(ctx context.Context, kind string, payload any, opts ...Option) (string, bool, error) {
	return Enqueue(ctx, q.db, kind, payload, opts...)
}

// Enqueue adds a job using q, which may be a transaction.
func Enqueue(ctx context.Context, q db.Querier, kind string, payload any, opts ...Option) (string, bool, error) {
	o := enqueueOpts{runAt: time.Now(), maxAttempts: 8}
	for _, fn := range opts {
		fn(&o)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return "", false, err
	}
	id := ids.Prefixed("job")
	if o.dedupKey == "" {
		o.dedupKey = kind + ":" + id
	}
	res, err := q.ExecContext(ctx, `
		INSERT INTO jobs (id, kind, payload, dedup_key, run_at, max_attempts)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (dedup_key) DO NOTHING`, id, kind, body, o.dedupKey, o.runAt, o.maxAttempts)
	if err != nil {
		return "", false, err
	}
	return id, db.Affected(res) == 1, nil
}
