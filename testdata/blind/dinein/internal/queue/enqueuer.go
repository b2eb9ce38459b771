package queue

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"go.uber.org/zap"
)

// Enqueuer schedules background jobs.
type Enqueuer interface {
	// Enqueue inserts a job outside any transaction. It reports false when
	// an identical unique job already exists.
	Enqueue(ctx context.Context, args river.JobArgs) (bool, error)
	// EnqueueTx inserts a job as part of tx, so it exists only if tx commits.
	EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) (bool, error)
}

// RiverEnqueuer is the Enqueuer backed by a River client.
type RiverEnqueuer struct {
	client *river.Client[pgx.Tx]
	log    *zap.Logger
}

// NewRiverEnqueuer wraps a River client.
func NewRiverEnqueuer(client *river.Client[pgx.Tx], log *zap.Logger) *RiverEnqueuer {
	return &RiverEnqueuer{client: client, log: log.Named("queue")}
}

func (e *RiverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs) (bool, error) {
	res, err := e.client.Insert(ctx, args, nil)
	if err != nil {
		return false, fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	e.logInsert(args, res.Job.ID, res.UniqueSkippedAsDuplicate)
	return !res.UniqueSkippedAsDuplicate, nil
}

func (e *RiverEnqueuer) EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) (bool, error) {
	res, err := e.client.InsertTx(ctx, tx, args, nil)
	if err != nil {
		return false, fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	e.logInsert(args, res.Job.ID, res.UniqueSkippedAsDuplicate)
	return !res.UniqueSkippedAsDuplicate, nil
}

func (e *RiverEnqueuer) logInsert(args river.JobArgs, id int64, dup bool) {
	e.log.Debug("job inserted", zap.String("kind", args.Kind()), zap.Int64("job_id", id), zap.Bool("duplicate", dup))
}
