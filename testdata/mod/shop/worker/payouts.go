package worker

import (
	"context"
	"database/sql"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// Payouts records payouts to sellers. The database write is retried with
// exponential backoff on transient errors.
type Payouts struct {
	DB *sql.DB
}

// Record retries the insert with backoff, and makes the payout id inside
// the retried operation: an attempt that committed but timed out is
// followed by a second payout.
func (p *Payouts) Record(ctx context.Context, sellerID string, amountCents int64) error {
	op := func() error {
		payoutID := uuid.New() // finding: IDEM001 fix: payoutID := uuid.New()
		_, err := p.DB.ExecContext(ctx,
			"INSERT INTO payouts (id, seller_id, amount_cents, created_at) VALUES ($1, $2, $3, $4)",
			payoutID, sellerID, amountCents, time.Now())
		return err
	}
	return backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// RecordOnce makes the payout id once, before the retried operation, so
// every attempt writes the same row. RecordOnce itself runs from the
// nightly cron, not from a retried root.
func (p *Payouts) RecordOnce(ctx context.Context, sellerID string, amountCents int64) error {
	payoutID := uuid.New() // safe: made once outside the backoff.Retry operation
	return backoff.Retry(func() error {
		_, err := p.DB.ExecContext(ctx,
			"INSERT INTO payouts (id, seller_id, amount_cents, created_at) VALUES ($1, $2, $3, $4)",
			payoutID, sellerID, amountCents, time.Now())
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}
