// Package jobqueue is the Postgres-backed background job queue. Workers
// lease jobs for a fixed period; a job whose lease runs out before it is
// completed becomes visible again and is handed to the next poller, so
// handlers see each job at least once.
package jobqueue

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/brightsmile-dental/practiceops/internal/models"
)

const (
	StateQueued = "queued"
	StateDone   = "done"
	StateDead   = "dead"
)

// Job is one row of the jobs table.
type Job struct {
	ID          int64
	Kind        string
	Payload     models.JSON
	DedupKey    *string
	State       string
	Attempts    int
	MaxAttempts int
	RunAfter    time.Time
	LockedUntil *time.Time
	LastError   *string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (Job) TableName() string { return "jobs" }

// Decode unmarshals the payload into v.
func (j Job) Decode(v any) error {
	if err := j.Payload.Decode(v); err != nil {
		return fmt.Errorf("job %d (%s): decode payload: %w", j.ID, j.Kind, err)
	}
	return nil
}

// EnqueueRequest describes a job to add.
type EnqueueRequest struct {
	Kind string
	// DedupKey, when set, makes the enqueue a no-op if a job with the same
	// key was ever queued.
	DedupKey    string
	Payload     any
	RunAfter    time.Time
	MaxAttempts int
}

// Enqueuer adds jobs, optionally inside the caller's transaction.
type Enqueuer interface {
	Enqueue(ctx context.Context, tx *gorm.DB, req EnqueueRequest) (bool, error)
}

// Queue is the gorm implementation of the job queue.
type Queue struct {
	db *gorm.DB
}

// New returns a queue over db.
func New(db *gorm.DB) *Queue { return &Queue{db: db} }

// Enqueue inserts a job. When tx is non-nil the job commits with the
// caller's transaction.
func (q *Queue) Enqueue(ctx context.Context, tx *gorm.DB, req EnqueueRequest) (bool, error) {
	db := q.db
	if tx != nil {
		db = tx
	}
	job := Job{
		Kind:        req.Kind,
		Payload:     models.MustJSON(req.Payload),
		State:       StateQueued,
		MaxAttempts: req.MaxAttempts,
		RunAfter:    req.RunAfter,
	}
	if job.MaxAttempts == 0 {
		job.MaxAttempts = 10
	}
	if job.RunAfter.IsZero() {
		job.RunAfter = time.Now().UTC()
	}
	if req.DedupKey != "" {
		k := req.DedupKey
		job.DedupKey = &k
	}
	res := db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "dedup_key"}}, DoNothing: true}).
		Create(&job)
	if res.Error != nil {
		return false, fmt.Errorf("enqueue %s: %w", req.Kind, res.Error)
	}
	return res.RowsAffected > 0, nil
}

// Lease claims up to n ready jobs of the given kinds for the lease period.
func (q *Queue) Lease(ctx context.Context, kinds []string, n int, lease time.Duration) ([]Job, error) {
	var jobs []Job
	err := q.db.WithContext(ctx).Raw(`
		UPDATE jobs
		   SET locked_until = now() + make_interval(secs => ?),
		       attempts = attempts + 1,
		       updated_at = now()
		 WHERE id IN (
		       SELECT id FROM jobs
		        WHERE state = 'queued'
		          AND kind IN ?
		          AND run_after <= now()
		          AND (locked_until IS NULL OR locked_until < now())
		        ORDER BY run_after, id
		        LIMIT ?
		        FOR UPDATE SKIP LOCKED)
		RETURNING *`, lease.Seconds(), kinds, n).Scan(&jobs).Error
	return jobs, err
}

// Complete marks a job done.
func (q *Queue) Complete(ctx context.Context, id int64) error {
	return q.db.WithContext(ctx).Model(&Job{}).Where("id = ?", id).
		Updates(map[string]any{"state": StateDone, "locked_until": nil, "updated_at": time.Now().UTC()}).Error
}

// Fail records a failed attempt and schedules the next one, or parks the job
// once it has used its attempts.
func (q *Queue) Fail(ctx context.Context, job Job, cause error) error {
	msg := cause.Error()
	updates := map[string]any{"last_error": msg, "locked_until": nil, "updated_at": time.Now().UTC()}
	if job.Attempts >= job.MaxAttempts {
		updates["state"] = StateDead
	} else {
		updates["run_after"] = time.Now().UTC().Add(backoff(job.Attempts))
	}
	return q.db.WithContext(ctx).Model(&Job{}).Where("id = ?", job.ID).Updates(updates).Error
}

func backoff(attempt int) time.Duration {
	d := 15 * time.Second
	for i := 1; i < attempt && d < time.Hour; i++ {
		d *= 2
	}
	return d
}
