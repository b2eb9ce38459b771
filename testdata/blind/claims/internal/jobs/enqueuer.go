package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/harborline/claims/internal/platform/txctx"
)

// InsertClient is the insert-only River client used by services.
type InsertClient struct {
	rc *river.Client[pgx.Tx]
}

// NewInsertClient builds an insert-only client (no workers, no queues).
func NewInsertClient(pool *pgxpool.Pool) (*InsertClient, error) {
	rc, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return nil, err
	}
	return &InsertClient{rc: rc}, nil
}

// Enqueuer inserts jobs. When the context carries a transaction (see
// txctx), the job is inserted in it, so it commits or rolls back with the
// caller's unit of work.
type Enqueuer struct {
	client *InsertClient
}

// NewEnqueuer builds an Enqueuer.
func NewEnqueuer(client *InsertClient) *Enqueuer { return &Enqueuer{client: client} }

func (e *Enqueuer) insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	var err error
	if tx, ok := txctx.TxFrom(ctx); ok {
		_, err = e.client.rc.InsertTx(ctx, tx, args, opts)
	} else {
		_, err = e.client.rc.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// EnqueueTransfer implements payouts.Jobs.
func (e *Enqueuer) EnqueueTransfer(ctx context.Context, payoutID uuid.UUID) error {
	return e.insert(ctx, TransferPayoutArgs{PayoutID: payoutID}, nil)
}

// EnqueueBankPayout implements payouts.Jobs.
func (e *Enqueuer) EnqueueBankPayout(ctx context.Context, payoutID uuid.UUID) error {
	return e.insert(ctx, BankPayoutArgs{PayoutID: payoutID}, nil)
}

// EnqueueRepairBooking implements repairs.Jobs.
func (e *Enqueuer) EnqueueRepairBooking(ctx context.Context, bookingID uuid.UUID) error {
	return e.insert(ctx, BookRepairArgs{BookingID: bookingID}, nil)
}

// ScheduleSubrogation implements claims.JobScheduler.
func (e *Enqueuer) ScheduleSubrogation(ctx context.Context, claimID uuid.UUID) error {
	return e.insert(ctx, OpenSubrogationArgs{ClaimID: claimID}, nil)
}

// ScheduleReserveRecalc enqueues a reserve recalculation.
func (e *Enqueuer) ScheduleReserveRecalc(ctx context.Context, claimID uuid.UUID) error {
	return e.insert(ctx, ReserveRecalcArgs{ClaimID: claimID}, nil)
}
