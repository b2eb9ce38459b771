// Package queue implements ports.JobQueue on River.
package queue

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"

	"github.com/pawpath/vetclinic/internal/adapters/postgres"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

// RiverQueue inserts jobs with a River client. Inside a TxRunner
// transaction the insert joins it, so the job only becomes visible if the
// surrounding work commits.
type RiverQueue struct {
	client *river.Client[*sql.Tx]
}

func NewRiverQueue(client *river.Client[*sql.Tx]) *RiverQueue {
	return &RiverQueue{client: client}
}

func (q *RiverQueue) Enqueue(ctx context.Context, job ports.Job, opts ...ports.EnqueueOption) error {
	const op errs.Op = "queue.Enqueue"
	io := insertOpts(opts)
	var err error
	if tx, ok := postgres.TxFrom(ctx); ok {
		_, err = q.client.InsertTx(ctx, tx.Tx, job, io)
	} else {
		_, err = q.client.Insert(ctx, job, io)
	}
	if err != nil {
		return errs.E(op, errs.Unavailable, job.Kind(), err)
	}
	return nil
}

// InsertOpts converts port options to River's.
func insertOpts(opts []ports.EnqueueOption) *river.InsertOpts {
	var o ports.EnqueueOptions
	for _, fn := range opts {
		fn(&o)
	}
	io := &river.InsertOpts{
		Queue:       o.Queue,
		ScheduledAt: o.ScheduledAt,
		MaxAttempts: o.MaxAttempts,
		Tags:        o.Tags,
	}
	if o.UniqueArgs {
		io.UniqueOpts = river.UniqueOpts{ByArgs: true, ByPeriod: o.UniqueFor}
	}
	return io
}
