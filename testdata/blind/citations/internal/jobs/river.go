// Package jobs holds the River workers and the River clients: one pgx
// client that works jobs, and one insert-only database/sql client that lets
// services enqueue inside their gorm transactions.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"gorm.io/gorm"

	"github.com/harborcity/citeproc/internal/jobargs"
)

// Inserter enqueues jobs from services. It implements service.Enqueuer.
type Inserter struct {
	client *river.Client[*sql.Tx]
}

func NewInserter(db *gorm.DB) (*Inserter, error) {
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	c, err := river.NewClient(riverdatabasesql.New(sqlDB), &river.Config{})
	if err != nil {
		return nil, fmt.Errorf("river inserter: %w", err)
	}
	return &Inserter{client: c}, nil
}

func (i *Inserter) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := i.client.Insert(ctx, args, opts)
	return err
}

// EnqueueTx inserts the job in the gorm transaction tx, so it is committed
// or rolled back with the caller's writes.
func (i *Inserter) EnqueueTx(ctx context.Context, tx *gorm.DB, args river.JobArgs, opts *river.InsertOpts) error {
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	if !ok {
		return errors.New("jobs: EnqueueTx called outside a transaction")
	}
	_, err := i.client.InsertTx(ctx, sqlTx, args, opts)
	return err
}

// Vendors lists the vendor codes whose nightly batches are imported.
type Vendors []string

// NewWorkClient builds the client that works jobs, with the periodic
// schedule.
func NewWorkClient(pool *pgxpool.Pool, workers *river.Workers, vendors Vendors, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	periodic := []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(24*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.InstallmentSweep{}, &river.InsertOpts{Queue: jobargs.QueuePayments}
			},
			&river.PeriodicJobOpts{ID: "installment_sweep", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.HoldReconcile{}, nil
			},
			&river.PeriodicJobOpts{ID: "dmv_hold_reconcile"},
		),
	}
	for _, v := range vendors {
		vendor := v
		periodic = append(periodic, river.NewPeriodicJob(
			river.PeriodicInterval(24*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				day := time.Now().UTC().AddDate(0, 0, -1).Format(jobargs.DateLayout)
				return jobargs.VendorImport{Vendor: vendor, BatchDate: day},
					&river.InsertOpts{Queue: jobargs.QueueImports, UniqueOpts: river.UniqueOpts{ByArgs: true}}
			},
			&river.PeriodicJobOpts{ID: "nightly_import_" + vendor, RunOnStart: true},
		))
	}
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:    {MaxWorkers: 10},
			jobargs.QueueImports:  {MaxWorkers: 2},
			jobargs.QueuePayments: {MaxWorkers: 5},
			jobargs.QueueNotify:   {MaxWorkers: 5},
		},
		Workers:      workers,
		PeriodicJobs: periodic,
		MaxAttempts:  12,
	})
}
