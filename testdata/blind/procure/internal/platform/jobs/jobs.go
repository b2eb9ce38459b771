// Package jobs builds River clients over the shared database/sql pool.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/tasks"
)

// Client is the River client type used throughout the module.
type Client = river.Client[*sql.Tx]

// WorkerConfig bundles what a working client needs.
type WorkerConfig struct {
	Workers      *river.Workers
	PeriodicJobs []*river.PeriodicJob
}

// NewWorkerClient returns a client that works the module's queues.
func NewWorkerClient(cfg config.Config, conn *sqlx.DB, wc WorkerConfig, log *slog.Logger) (*Client, error) {
	return river.NewClient(riverdatabasesql.New(conn.DB), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			tasks.QueueDefault:  {MaxWorkers: cfg.WorkerConcurrency},
			tasks.QueueEDI:      {MaxWorkers: 4},
			tasks.QueuePayments: {MaxWorkers: 2},
		},
		Workers:      wc.Workers,
		PeriodicJobs: wc.PeriodicJobs,
		JobTimeout:   2 * time.Minute,
		MaxAttempts:  10,
	})
}

// Enqueuer inserts jobs inside a Store transaction.
type Enqueuer struct {
	client *Client
}

// NewEnqueuer returns an Enqueuer over an insert-only client: it can
// insert jobs but works none.
func NewEnqueuer(conn *sqlx.DB, log *slog.Logger) (*Enqueuer, error) {
	c, err := river.NewClient(riverdatabasesql.New(conn.DB), &river.Config{Logger: log})
	if err != nil {
		return nil, err
	}
	return &Enqueuer{client: c}, nil
}

// ErrNoTx is returned when EnqueueTx is handed a Querier that is not a
// transaction.
var ErrNoTx = errors.New("jobs: EnqueueTx needs a transaction")

// EnqueueTx implements tasks.Enqueuer.
func (e *Enqueuer) EnqueueTx(ctx context.Context, q db.Querier, args river.JobArgs, opts *river.InsertOpts) error {
	tx, ok := q.(*sqlx.Tx)
	if !ok {
		return ErrNoTx
	}
	_, err := e.client.InsertTx(ctx, tx.Tx, args, opts)
	return err
}

var _ tasks.Enqueuer = (*Enqueuer)(nil)
