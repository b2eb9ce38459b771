// Package queue adapts riverqueue/river to the JobQueue port and hosts the
// workers that consume jobs.
package queue

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/forkandfeast/catering/internal/adapters/postgres"
	"github.com/forkandfeast/catering/internal/core/ports"
)

const (
	QueueDefault   = river.QueueDefault
	QueuePayments  = "payments"
	QueueMessaging = "messaging"
	QueueSuppliers = "suppliers"
)

// ClientConfig configures a River client. An empty Queues map yields an
// insert-only client.
type ClientConfig struct {
	Queues       map[string]river.QueueConfig
	Workers      *river.Workers
	PeriodicJobs []*river.PeriodicJob
	Logger       *slog.Logger
}

func NewClient(pool *pgxpool.Pool, cfg ClientConfig) (*river.Client[pgx.Tx], error) {
	rc := &river.Config{
		Logger:       cfg.Logger,
		PeriodicJobs: cfg.PeriodicJobs,
	}
	if len(cfg.Queues) > 0 {
		rc.Queues = cfg.Queues
		rc.Workers = cfg.Workers
	}
	client, err := river.NewClient(riverpgxv5.New(pool), rc)
	if err != nil {
		return nil, fmt.Errorf("river client: %w", err)
	}
	return client, nil
}

// Enqueuer implements ports.JobQueue. It inserts within the caller's
// transaction when one is open on ctx.
type Enqueuer struct {
	client *river.Client[pgx.Tx]
}

func NewEnqueuer(client *river.Client[pgx.Tx]) *Enqueuer { return &Enqueuer{client: client} }

var defaultQueues = map[string]string{
	ports.SubmitPurchaseOrderJob{}.Kind():  QueueSuppliers,
	ports.AmendPurchaseOrderJob{}.Kind():   QueueSuppliers,
	ports.CancelSupplierOrdersJob{}.Kind(): QueueSuppliers,
	ports.GuestMessageBatchJob{}.Kind():    QueueMessaging,
	ports.CancellationRefundJob{}.Kind():   QueuePayments,
	ports.VenuePayoutJob{}.Kind():          QueuePayments,
}

func insertOpts(kind string, o ports.EnqueueOptions) *river.InsertOpts {
	io := &river.InsertOpts{
		Queue:       o.Queue,
		MaxAttempts: o.MaxAttempts,
		ScheduledAt: o.ScheduledAt,
	}
	if io.Queue == "" {
		io.Queue = defaultQueues[kind]
	}
	if o.UniqueByArgs {
		io.UniqueOpts = river.UniqueOpts{ByArgs: true, ByPeriod: o.UniqueFor}
	}
	return io
}

func (e *Enqueuer) Enqueue(ctx context.Context, args ports.JobArgs, opts ...ports.EnqueueOption) error {
	o := ports.ApplyEnqueueOptions(opts)
	io := insertOpts(args.Kind(), o)
	var err error
	if tx, ok := postgres.TxFromContext(ctx); ok {
		_, err = e.client.InsertTx(ctx, tx, args, io)
	} else {
		_, err = e.client.Insert(ctx, args, io)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}
