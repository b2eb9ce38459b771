package queue

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"go.uber.org/fx"

	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// Module provides the insert-only river client and the Enqueuer.
var Module = fx.Module("queue",
	fx.Provide(
		fx.Annotate(NewInsertClient, fx.ResultTags(`name:"riverInsert"`)),
		fx.Annotate(NewEnqueuer, fx.ParamTags(`name:"riverInsert"`), fx.As(new(Enqueuer))),
	),
)

// Enqueuer schedules jobs inside the caller's unit of work, so a job exists
// if and only if the writes that asked for it committed.
type Enqueuer interface {
	EnqueueTx(ctx context.Context, args river.JobArgs) (bool, error)
}

// NewInsertClient builds a river client that only inserts jobs. Workers run
// on a separate client owned by the jobs package.
func NewInsertClient(sqlDB *sql.DB) (*river.Client[*sql.Tx], error) {
	return river.NewClient(riverdatabasesql.New(sqlDB), &river.Config{})
}

type riverEnqueuer struct {
	client *river.Client[*sql.Tx]
}

// NewEnqueuer wraps the insert client.
func NewEnqueuer(client *river.Client[*sql.Tx]) *riverEnqueuer {
	return &riverEnqueuer{client: client}
}

// EnqueueTx inserts args in the transaction carried by ctx. It reports
// false when river skipped the insert as a duplicate of a unique job.
func (e *riverEnqueuer) EnqueueTx(ctx context.Context, args river.JobArgs) (bool, error) {
	tx, err := db.SQLTx(ctx)
	if err != nil {
		return false, fmt.Errorf("queue: enqueue %s: %w", args.Kind(), err)
	}
	res, err := e.client.InsertTx(ctx, tx, args, nil)
	if err != nil {
		return false, fmt.Errorf("queue: enqueue %s: %w", args.Kind(), err)
	}
	return !res.UniqueSkippedAsDuplicate, nil
}
