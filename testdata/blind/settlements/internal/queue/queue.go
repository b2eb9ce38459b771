// Package queue provides an insert-only River client for services that
// enqueue background work, optionally inside their own transaction.
package queue

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivertype"
)

// Queue inserts River jobs.
type Queue struct {
	client *river.Client[*sql.Tx]
}

// New returns an insert-only Queue over pool. The worker process builds its
// own client with queues and workers configured.
func New(pool *sqlx.DB) (*Queue, error) {
	client, err := river.NewClient(riverdatabasesql.New(pool.DB), &river.Config{
		Logger: slog.Default(),
	})
	if err != nil {
		return nil, fmt.Errorf("queue: new client: %w", err)
	}
	return &Queue{client: client}, nil
}

// EnqueueTx inserts a job in tx, so it becomes visible only if tx commits.
func (q *Queue) EnqueueTx(ctx context.Context, tx *sqlx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	res, err := q.client.InsertTx(ctx, tx.Tx, args, opts)
	if err != nil {
		return nil, fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	return res, nil
}

// Enqueue inserts a job in its own transaction.
func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	res, err := q.client.Insert(ctx, args, opts)
	if err != nil {
		return nil, fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	return res, nil
}
