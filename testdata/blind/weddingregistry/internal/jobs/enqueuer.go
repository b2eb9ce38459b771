package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Enqueuer schedules jobs for the services. The *Tx methods insert inside
// the caller's transaction so the job exists if and only if the state
// change that needs it commits.
type Enqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer wraps an insert-only River client.
func NewEnqueuer(client *river.Client[pgx.Tx]) *Enqueuer {
	return &Enqueuer{client: client}
}

func (e *Enqueuer) insertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	if _, err := e.client.InsertTx(ctx, tx, args, nil); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

func (e *Enqueuer) insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := e.client.Insert(ctx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// PlaceOrderTx schedules the retailer order for a purchase.
func (e *Enqueuer) PlaceOrderTx(ctx context.Context, tx pgx.Tx, purchaseID string) error {
	return e.insertTx(ctx, tx, PlaceOrderArgs{PurchaseID: purchaseID})
}

// GroupGiftFulfillTx schedules the retailer order for a funded group gift.
func (e *Enqueuer) GroupGiftFulfillTx(ctx context.Context, tx pgx.Tx, groupGiftID string) error {
	return e.insertTx(ctx, tx, GroupGiftFulfillArgs{GroupGiftID: groupGiftID})
}

// ContributionReceiptTx schedules a contribution receipt.
func (e *Enqueuer) ContributionReceiptTx(ctx context.Context, tx pgx.Tx, contributionID string) error {
	return e.insertTx(ctx, tx, ContributionReceiptArgs{ContributionID: contributionID})
}

// SendThankYouTx schedules delivery of a thank-you note.
func (e *Enqueuer) SendThankYouTx(ctx context.Context, tx pgx.Tx, noteID string) error {
	return e.insertTx(ctx, tx, SendThankYouArgs{NoteID: noteID})
}

// AnnounceRegistry schedules the "registry is live" email.
func (e *Enqueuer) AnnounceRegistry(ctx context.Context, registryID string) error {
	return e.insert(ctx, AnnounceRegistryArgs{RegistryID: registryID}, nil)
}

// CashFundPayout schedules the payout of one fund for a sweep period.
func (e *Enqueuer) CashFundPayout(ctx context.Context, fundID string, period time.Time) error {
	return e.insert(ctx, CashFundPayoutArgs{CashFundID: fundID, PeriodStart: period.UTC().Truncate(24 * time.Hour)}, nil)
}
