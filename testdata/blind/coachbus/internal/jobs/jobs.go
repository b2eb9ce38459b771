// Package jobs holds the river job definitions and workers for refunds,
// driver payouts and trip-cancellation rebooking.
package jobs

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

const (
	QueuePayments = "payments"
	QueueOps      = "ops"
)

// RefundTicketArgs refunds one ticket to the card it was bought with.
type RefundTicketArgs struct {
	TicketID uuid.UUID `json:"ticket_id"`
	Reason   string    `json:"reason"`
}

func (RefundTicketArgs) Kind() string { return "refund_ticket" }
func (RefundTicketArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12}
}

// DriverPayoutArgs pays out one closed shift. At most one live job per
// payout: the nightly sweep may re-enqueue payouts that look stuck.
type DriverPayoutArgs struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

func (DriverPayoutArgs) Kind() string { return "driver_payout" }
func (DriverPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// RebookTripArgs moves or refunds every live ticket of a cancelled trip.
type RebookTripArgs struct {
	TripID uuid.UUID `json:"trip_id"`
}

func (RebookTripArgs) Kind() string { return "rebook_trip" }
func (RebookTripArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueOps, MaxAttempts: 25}
}

// NewInsertClient returns a river client that can only enqueue; the API and
// cron binaries use it.
func NewInsertClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

// NewWorkerClient returns a river client that works the given workers.
func NewWorkerClient(pool *pgxpool.Pool, workers *river.Workers, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:  log,
		Workers: workers,
		Queues: map[string]river.QueueConfig{
			QueuePayments: {MaxWorkers: 10},
			QueueOps:      {MaxWorkers: 4},
		},
	})
}

// Enqueuer is the thin wrapper services use so they do not depend on the
// generic client type.
type Enqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer wraps a client.
func NewEnqueuer(client *river.Client[pgx.Tx]) *Enqueuer {
	return &Enqueuer{client: client}
}

// Enqueue inserts a job in its own transaction.
func (e *Enqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := e.client.Insert(ctx, args, opts)
	return err
}

// EnqueueTx inserts a job as part of tx; it becomes visible on commit.
func (e *Enqueuer) EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := e.client.InsertTx(ctx, tx, args, opts)
	return err
}
