package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// JobSpec describes a job to enqueue. Jobs with the same UniqueKey are
// collapsed into one.
type JobSpec struct {
	Kind      string
	UniqueKey string
	Payload   any
	RunAfter  time.Time
}

// JobQueue is a small Postgres-backed work queue.
type JobQueue struct {
	db *DB
}

func NewJobQueue(db *DB) *JobQueue { return &JobQueue{db: db} }

// Enqueue adds a job on the connection carried in ctx, so that callers can
// queue work in the same transaction as the change that caused it.
func (q *JobQueue) Enqueue(ctx context.Context, spec JobSpec) error {
	if spec.UniqueKey == "" {
		return fmt.Errorf("enqueue %s: unique key required", spec.Kind)
	}
	payload, err := json.Marshal(spec.Payload)
	if err != nil {
		return fmt.Errorf("encode %s payload: %w", spec.Kind, err)
	}
	runAfter := spec.RunAfter
	if runAfter.IsZero() {
		runAfter = time.Now()
	}
	job := &Job{
		ID:        uuid.NewString(),
		Kind:      spec.Kind,
		UniqueKey: spec.UniqueKey,
		Payload:   payload,
		Status:    "queued",
		RunAfter:  runAfter,
	}
	return q.db.Conn(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "unique_key"}}, DoNothing: true}).
		Create(job).Error
}

// Claim leases the next runnable job.
func (q *JobQueue) Claim(ctx context.Context, now time.Time, lease time.Duration) (*Job, error) {
	var job Job
	err := q.db.Gorm().WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("(status = 'queued' AND run_after <= ?) OR (status = 'running' AND locked_until < ?)", now, now).
			Order("run_after").
			Take(&job).Error
		if err != nil {
			return err
		}
		until := now.Add(lease)
		job.Status = "running"
		job.Attempts++
		job.LockedUntil = &until
		return tx.Model(&Job{}).Where("id = ?", job.ID).Updates(map[string]any{
			"status":       job.Status,
			"attempts":     job.Attempts,
			"locked_until": until,
		}).Error
	})
	if err != nil {
		return nil, notFound(err)
	}
	return &job, nil
}

func (q *JobQueue) Complete(ctx context.Context, id string) error {
	return q.db.Conn(ctx).Model(&Job{}).Where("id = ?", id).
		Updates(map[string]any{"status": "done", "locked_until": nil}).Error
}

func (q *JobQueue) Fail(ctx context.Context, id string, cause error, retryAt time.Time, dead bool) error {
	status := "queued"
	if dead {
		status = "dead"
	}
	return q.db.Conn(ctx).Model(&Job{}).Where("id = ?", id).Updates(map[string]any{
		"status":       status,
		"run_after":    retryAt,
		"locked_until": nil,
		"last_error":   cause.Error(),
	}).Error
}
