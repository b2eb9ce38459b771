// Package jobs adapts River to the JobQueue port and hosts the background
// workers.
package jobs

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/brightfund/crowdfund/internal/core/ports"
)

// Queue enqueues jobs through River. The zero-tx Queue inserts on the
// client's own pool; Bind returns one that inserts inside tx.
type Queue struct {
	client *river.Client[pgx.Tx]
	tx     pgx.Tx
}

func NewQueue(client *river.Client[pgx.Tx]) *Queue {
	return &Queue{client: client}
}

func (q *Queue) Bind(tx pgx.Tx) ports.JobQueue {
	return &Queue{client: q.client, tx: tx}
}

func (q *Queue) Enqueue(ctx context.Context, job ports.Job, opts ...ports.EnqueueOption) error {
	insertOpts := toInsertOpts(job, opts)
	var err error
	if q.tx != nil {
		_, err = q.client.InsertTx(ctx, q.tx, job, insertOpts)
	} else {
		_, err = q.client.Insert(ctx, job, insertOpts)
	}
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", job.Kind(), err)
	}
	return nil
}

// defaultQueue routes each job kind to the queue sized for it.
var defaultQueue = map[string]string{
	ports.CapturePledgeArgs{}.Kind():       ports.QueuePayments,
	ports.CancelAuthorizationArgs{}.Kind(): ports.QueuePayments,
	ports.CreatorPayoutArgs{}.Kind():       ports.QueuePayouts,
	ports.BookShipmentArgs{}.Kind():        ports.QueueFulfilment,
	ports.SchedulePickupArgs{}.Kind():      ports.QueueFulfilment,
	ports.SendNotificationArgs{}.Kind():    ports.QueueMail,
	ports.SendReminderArgs{}.Kind():        ports.QueueMail,
}

func toInsertOpts(job ports.Job, opts []ports.EnqueueOption) *river.InsertOpts {
	var o ports.EnqueueOptions
	for _, fn := range opts {
		fn(&o)
	}
	io := &river.InsertOpts{
		Queue:       o.Queue,
		MaxAttempts: o.MaxAttempts,
		ScheduledAt: o.RunAt,
	}
	if io.Queue == "" {
		io.Queue = defaultQueue[job.Kind()]
	}
	if o.UniqueByArgs || o.UniqueFor > 0 {
		io.UniqueOpts = river.UniqueOpts{
			ByArgs:   o.UniqueByArgs,
			ByPeriod: o.UniqueFor,
		}
	}
	return io
}
