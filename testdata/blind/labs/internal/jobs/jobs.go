// Package jobs is the module's job queue: a jobs table polled by
// labs-worker, rows claimed with FOR UPDATE SKIP LOCKED.
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Kinds of jobs.
const (
	KindBookPickup       = "courier.book_pickup"
	KindPublishResult    = "ehr.publish_result"
	KindSubmitClaim      = "claims.submit"
	KindAutopay          = "billing.autopay"
	KindResultsReadySMS  = "notify.results_ready_sms"
	KindEscalateCritical = "alerts.escalate_critical"
	KindPriorAuthCheck   = "priorauth.check"
	KindBuildClaim       = "claims.build"
)

// Job is a claimed row of the jobs table.
type Job struct {
	ID          uuid.UUID
	Kind        string
	Payload     json.RawMessage
	DedupeKey   sql.NullString
	Attempts    int
	MaxAttempts int
	RunAt       time.Time
	CreatedAt   time.Time
}

// Decode unmarshals the job payload.
func (j Job) Decode(v any) error {
	if err := json.Unmarshal(j.Payload, v); err != nil {
		return fmt.Errorf("job %s (%s): decode payload: %w", j.ID, j.Kind, err)
	}
	return nil
}

// EnqueueOption adjusts a job being enqueued.
type EnqueueOption func(*enqueueParams)

type enqueueParams struct {
	dedupeKey   string
	runAt       time.Time
	maxAttempts int
}

// WithDedupeKey makes Enqueue a no-op when a job with the same key exists.
func WithDedupeKey(key string) EnqueueOption {
	return func(p *enqueueParams) { p.dedupeKey = key }
}

// RunAt delays the job.
func RunAt(t time.Time) EnqueueOption {
	return func(p *enqueueParams) { p.runAt = t }
}

// MaxAttempts overrides the default attempt budget.
func MaxAttempts(n int) EnqueueOption {
	return func(p *enqueueParams) { p.maxAttempts = n }
}

// Queue reads and writes the jobs table.
type Queue struct {
	db db.DBTX
}

// NewQueue returns a Queue on conn.
func NewQueue(conn db.DBTX) *Queue { return &Queue{db: conn} }

// WithTx returns a Queue bound to tx, so jobs commit with the caller's writes.
func (q *Queue) WithTx(tx *sql.Tx) *Queue { return &Queue{db: tx} }

// Enqueue inserts a job. With a dedupe key, an existing job wins and
// Enqueue reports false.
func (q *Queue) Enqueue(ctx context.Context, kind string, payload any, opts ...EnqueueOption) (bool, error) {
	p := enqueueParams{runAt: time.Now(), maxAttempts: 12}
	for _, o := range opts {
		o(&p)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return false, fmt.Errorf("marshal %s payload: %w", kind, err)
	}
	res, err := q.db.ExecContext(ctx, `
		INSERT INTO jobs (id, kind, payload, dedupe_key, run_at, max_attempts)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (dedupe_key) DO NOTHING`,
		uuid.New(), kind, body, db.NullString(p.dedupeKey), p.runAt, p.maxAttempts)
	if err != nil {
		return false, fmt.Errorf("enqueue %s: %w", kind, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Claim leases up to limit runnable jobs to worker. Jobs whose lease ran
// out (a worker died mid-run) are runnable again.
func (q *Queue) Claim(ctx context.Context, worker string, limit int, lease time.Duration) ([]Job, error) {
	rows, err := q.db.QueryContext(ctx, `
		UPDATE jobs SET
			status       = 'running',
			attempts     = attempts + 1,
			locked_by    = $1,
			locked_until = now() + make_interval(secs => $3),
			updated_at   = now()
		WHERE id IN (
			SELECT id FROM jobs
			WHERE (status = 'queued' AND run_at <= now())
			   OR (status = 'running' AND locked_until < now())
			ORDER BY run_at
			LIMIT $2
			FOR UPDATE SKIP LOCKED
		)
		RETURNING id, kind, payload, dedupe_key, attempts, max_attempts, run_at, created_at`,
		worker, limit, lease.Seconds())
	if err != nil {
		return nil, fmt.Errorf("claim jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID, &j.Kind, &j.Payload, &j.DedupeKey, &j.Attempts, &j.MaxAttempts, &j.RunAt, &j.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// Complete marks a job done.
func (q *Queue) Complete(ctx context.Context, id uuid.UUID) error {
	_, err := q.db.ExecContext(ctx, `
		UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = now()
		WHERE id = $1`, id)
	return err
}

// Retry puts a failed job back to run after delay, or buries it when its
// attempts are exhausted.
func (q *Queue) Retry(ctx context.Context, j Job, delay time.Duration, cause error) error {
	status := "queued"
	if j.Attempts >= j.MaxAttempts {
		status = "dead"
	}
	_, err := q.db.ExecContext(ctx, `
		UPDATE jobs SET
			status       = $2,
			run_at       = now() + make_interval(secs => $3),
			locked_by    = NULL,
			locked_until = NULL,
			last_error   = $4,
			updated_at   = now()
		WHERE id = $1`, j.ID, status, delay.Seconds(), truncate(cause.Error(), 2000))
	return err
}

// Bury marks a job dead without further attempts.
func (q *Queue) Bury(ctx context.Context, id uuid.UUID, cause error) error {
	_, err := q.db.ExecContext(ctx, `
		UPDATE jobs SET status = 'dead', locked_by = NULL, locked_until = NULL, last_error = $2, updated_at = now()
		WHERE id = $1`, id, truncate(cause.Error(), 2000))
	return err
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
