// Package queue is the insert side of river. It enqueues on the transaction
// carried in the context when there is one, so a job becomes visible only
// if the surrounding unit of work commits.
package queue

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivertype"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/txctx"
)

// Enqueuer is the dependency services take.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Options configures Client.
type Options struct {
	DB     *sqlx.DB
	Logger *zap.Logger
}

// Client is an insert-only river client over database/sql, so it can share
// transactions with the sqlx repositories.
type Client struct {
	river *river.Client[*sql.Tx]
	log   *zap.Logger
}

// New builds an insert-only client. It never works jobs.
func New(opts Options) (*Client, error) {
	rc, err := river.NewClient(riverdatabasesql.New(opts.DB.DB), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("queue: river client: %w", err)
	}
	log := opts.Logger
	if log == nil {
		log = zap.NewNop()
	}
	return &Client{river: rc, log: log}, nil
}

// Enqueue inserts args, on the context's transaction when present.
func (c *Client) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	var (
		res *rivertype.JobInsertResult
		err error
	)
	tx, inTx := txctx.SQLTx(ctx)
	if inTx {
		res, err = c.river.InsertTx(ctx, tx, args, opts)
	} else {
		res, err = c.river.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("queue: insert %s: %w", args.Kind(), err)
	}
	c.log.Debug("job enqueued", zap.String("kind", args.Kind()), zap.Int64("job_id", res.Job.ID),
		zap.Bool("in_tx", inTx), zap.Bool("unique_skipped", res.UniqueSkippedAsDuplicate))
	return nil
}
