package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Bids persists bids and the per-lot statistics projection.
type Bids struct{}

// NewBids returns a Bids repository.
func NewBids() *Bids { return &Bids{} }

// FindByKey returns the bid a bidder already placed with this idempotency
// key, if any.
func (r *Bids) FindByKey(ctx context.Context, q pgdb.Querier, bidderID, key string) (domain.Bid, bool, error) {
	var b domain.Bid
	err := q.QueryRow(ctx, `
		SELECT id, lot_id, bidder_id, amount_cents, idem_key, placed_at
		FROM bids WHERE bidder_id = $1 AND idem_key = $2`, bidderID, key).Scan(
		&b.ID, &b.LotID, &b.BidderID, &b.AmountCents, &b.IdemKey, &b.PlacedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Bid{}, false, nil
	}
	if err != nil {
		return domain.Bid{}, false, fmt.Errorf("bids: find by key: %w", err)
	}
	return b, true, nil
}

// InsertIfAbsent stores a bid keyed by (bidder, idempotency key).
func (r *Bids) InsertIfAbsent(ctx context.Context, q pgdb.Querier, b domain.Bid) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO bids (id, lot_id, bidder_id, amount_cents, idem_key, placed_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (bidder_id, idem_key) DO NOTHING`,
		b.ID, b.LotID, b.BidderID, b.AmountCents, b.IdemKey, b.PlacedAt)
	if err != nil {
		return false, fmt.Errorf("bids: insert: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Ranked returns the lot's non-voided bids, best first, one per bidder.
func (r *Bids) Ranked(ctx context.Context, q pgdb.Querier, lotID string, limit int) ([]domain.Bid, error) {
	rows, err := q.Query(ctx, `
		SELECT id, lot_id, bidder_id, amount_cents, idem_key, placed_at FROM (
			SELECT DISTINCT ON (bidder_id) id, lot_id, bidder_id, amount_cents, idem_key, placed_at
			FROM bids WHERE lot_id = $1 AND NOT voided
			ORDER BY bidder_id, amount_cents DESC, placed_at
		) best
		ORDER BY amount_cents DESC, placed_at
		LIMIT $2`, lotID, limit)
	if err != nil {
		return nil, fmt.Errorf("bids: ranked: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Bid, error) {
		var b domain.Bid
		err := row.Scan(&b.ID, &b.LotID, &b.BidderID, &b.AmountCents, &b.IdemKey, &b.PlacedAt)
		return b, err
	})
}

// Count returns the number of live bids on a lot.
func (r *Bids) Count(ctx context.Context, q pgdb.Querier, lotID string) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT count(*) FROM bids WHERE lot_id = $1 AND NOT voided`, lotID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("bids: count: %w", err)
	}
	return n, nil
}

// VoidAll marks every bid on a lot as void.
func (r *Bids) VoidAll(ctx context.Context, q pgdb.Querier, lotID string) (int64, error) {
	tag, err := q.Exec(ctx, `UPDATE bids SET voided = true WHERE lot_id = $1 AND NOT voided`, lotID)
	if err != nil {
		return 0, fmt.Errorf("bids: void: %w", err)
	}
	return tag.RowsAffected(), nil
}

// ApplyToStats folds one bid into the lot_stats projection.
func (r *Bids) ApplyToStats(ctx context.Context, q pgdb.Querier, b domain.Bid, newBidder bool) error {
	inc := 0
	if newBidder {
		inc = 1
	}
	_, err := q.Exec(ctx, `
		INSERT INTO lot_stats (lot_id, bid_count, bidder_count, high_bid_cents, last_bid_at)
		VALUES ($1, 1, $2, $3, $4)
		ON CONFLICT (lot_id) DO UPDATE SET
			bid_count      = lot_stats.bid_count + 1,
			bidder_count   = lot_stats.bidder_count + $2,
			high_bid_cents = GREATEST(lot_stats.high_bid_cents, EXCLUDED.high_bid_cents),
			last_bid_at    = GREATEST(lot_stats.last_bid_at, EXCLUDED.last_bid_at),
			updated_at     = now()`,
		b.LotID, inc, b.AmountCents, b.PlacedAt)
	if err != nil {
		return fmt.Errorf("bids: apply stats: %w", err)
	}
	return nil
}

// IsFirstBidFrom reports whether bidID is the bidder's earliest bid on the lot.
func (r *Bids) IsFirstBidFrom(ctx context.Context, q pgdb.Querier, lotID, bidderID, bidID string) (bool, error) {
	var first string
	err := q.QueryRow(ctx, `
		SELECT id FROM bids WHERE lot_id = $1 AND bidder_id = $2
		ORDER BY placed_at, id LIMIT 1`, lotID, bidderID).Scan(&first)
	if err != nil {
		return false, fmt.Errorf("bids: first bid: %w", pgdb.NotFound(err))
	}
	return first == bidID, nil
}
