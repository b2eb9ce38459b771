// Package jobs is a small Postgres-backed job queue. Jobs are enqueued on
// the caller's unit of work (so they commit or roll back with the business
// change) and run by cmd/worker.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
)

// Queue enqueues background work.
type Queue interface {
	// Enqueue inserts a job. A job whose dedup key already exists is not
	// inserted again; the returned bool reports whether this call
	// inserted it.
	Enqueue(ctx context.Context, kind string, payload any, opts ...Option) (bool, error)
}

type options struct {
	dedupKey    string
	runAt       time.Time
	maxAttempts int
}

type Option func(*options)

// Key sets the dedup key. Required.
func Key(k string) Option { return func(o *options) { o.dedupKey = k } }

// At delays the first run.
func At(t time.Time) Option { return func(o *options) { o.runAt = t } }

// MaxAttempts overrides the default of 10.
func MaxAttempts(n int) Option { return func(o *options) { o.maxAttempts = n } }

var ErrNoKey = errors.New("jobs: dedup key required")

type pgQueue struct {
	db *gorm.DB
}

func NewQueue(db *gorm.DB) Queue {
	return &pgQueue{db: db}
}

func (q *pgQueue) Enqueue(ctx context.Context, kind string, payload any, opts ...Option) (bool, error) {
	o := options{runAt: time.Now().UTC(), maxAttempts: 10}
	for _, opt := range opts {
		opt(&o)
	}
	if o.dedupKey == "" {
		return false, ErrNoKey
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return false, fmt.Errorf("jobs: encode %s payload: %w", kind, err)
	}
	job := models.Job{
		Kind:        kind,
		DedupKey:    o.dedupKey,
		Payload:     raw,
		Status:      models.JobQueued,
		MaxAttempts: o.maxAttempts,
		RunAt:       o.runAt,
	}
	res := database.Conn(ctx, q.db).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "dedup_key"}}, DoNothing: true}).
		Create(&job)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}
