// Package webhookreceipt records which partner webhook deliveries have been
// handled, keyed by (source, delivery id).
package webhookreceipt

import (
	"context"
	"time"

	"github.com/renalnet/dialysis-ops/internal/db"
)

const (
	SourceClearinghouseERA = "clearinghouse.era"
	SourceDistributorASN   = "distributor.asn"
)

// Receipts reads and writes receipts through the queries it was built with.
type Receipts struct {
	q   *db.Queries
	now func() time.Time
}

func New(q *db.Queries, now func() time.Time) *Receipts {
	if now == nil {
		now = time.Now
	}
	return &Receipts{q: q, now: now}
}

// Seen reports whether the delivery has a receipt.
func (r *Receipts) Seen(ctx context.Context, source, deliveryID string) (bool, error) {
	return r.q.InboundWebhookExists(ctx, db.InboundWebhookExistsParams{
		Source:     source,
		DeliveryID: deliveryID,
	})
}

// Record stores a receipt. Recording twice is harmless.
func (r *Receipts) Record(ctx context.Context, source, deliveryID string) error {
	_, err := r.q.InsertInboundWebhook(ctx, db.InsertInboundWebhookParams{
		Source:     source,
		DeliveryID: deliveryID,
		ReceivedAt: r.now(),
	})
	return err
}

// Claim stores a receipt through q and reports whether this call stored it
// (true) or it already existed (false). Call it with transaction-bound
// queries so the receipt commits or rolls back with the work it guards.
func Claim(ctx context.Context, q *db.Queries, source, deliveryID string, at time.Time) (bool, error) {
	n, err := q.InsertInboundWebhook(ctx, db.InsertInboundWebhookParams{
		Source:     source,
		DeliveryID: deliveryID,
		ReceivedAt: at,
	})
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
