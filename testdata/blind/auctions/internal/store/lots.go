package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Lots persists lots and the small tables hanging off them.
type Lots struct{}

// NewLots returns a Lots repository.
func NewLots() *Lots { return &Lots{} }

const lotColumns = `id, seller_id, title, description, category, currency, start_cents,
	reserve_cents, increment_cents, high_bid_cents, coalesce(high_bidder_id, ''),
	weight_grams, status, starts_at, ends_at, created_at`

func scanLot(row pgx.Row) (domain.Lot, error) {
	var l domain.Lot
	err := row.Scan(&l.ID, &l.SellerID, &l.Title, &l.Description, &l.Category, &l.Currency,
		&l.StartCents, &l.ReserveCents, &l.IncrementCents, &l.HighBidCents, &l.HighBidderID,
		&l.WeightGrams, &l.Status, &l.StartsAt, &l.EndsAt, &l.CreatedAt)
	return l, err
}

// Insert writes a new lot.
func (r *Lots) Insert(ctx context.Context, q pgdb.Querier, l domain.Lot) error {
	_, err := q.Exec(ctx, `
		INSERT INTO lots (id, seller_id, title, description, category, currency, start_cents,
		                  reserve_cents, increment_cents, weight_grams, status, starts_at, ends_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		l.ID, l.SellerID, l.Title, l.Description, l.Category, l.Currency, l.StartCents,
		l.ReserveCents, l.IncrementCents, l.WeightGrams, l.Status, l.StartsAt, l.EndsAt)
	if err != nil {
		return fmt.Errorf("lots: insert: %w", err)
	}
	return nil
}

// Get loads a lot.
func (r *Lots) Get(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error) {
	l, err := scanLot(q.QueryRow(ctx, `SELECT `+lotColumns+` FROM lots WHERE id = $1`, id))
	if err != nil {
		return domain.Lot{}, fmt.Errorf("lots: get %s: %w", id, pgdb.NotFound(err))
	}
	return l, nil
}

// GetForUpdate loads a lot and row-locks it for the rest of the transaction.
func (r *Lots) GetForUpdate(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error) {
	l, err := scanLot(q.QueryRow(ctx, `SELECT `+lotColumns+` FROM lots WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return domain.Lot{}, fmt.Errorf("lots: lock %s: %w", id, pgdb.NotFound(err))
	}
	return l, nil
}

// ListBySeller pages through a seller's lots, newest first.
func (r *Lots) ListBySeller(ctx context.Context, q pgdb.Querier, sellerID string, after pgdb.Cursor, limit int) (pgdb.Page[domain.Lot], error) {
	if after.CreatedAt.IsZero() {
		after.CreatedAt = time.Now().Add(24 * time.Hour)
	}
	rows, err := q.Query(ctx, `
		SELECT `+lotColumns+` FROM lots
		WHERE seller_id = $1 AND (created_at, id) < ($2, $3)
		ORDER BY created_at DESC, id DESC
		LIMIT $4`, sellerID, after.CreatedAt, after.ID, limit+1)
	if err != nil {
		return pgdb.Page[domain.Lot]{}, fmt.Errorf("lots: list: %w", err)
	}
	return pgdb.CollectPage(rows, limit,
		func(row pgx.CollectableRow) (domain.Lot, error) { return scanLot(row) },
		func(l domain.Lot) pgdb.Cursor { return pgdb.Cursor{CreatedAt: l.CreatedAt, ID: l.ID} })
}

// TransitionStatus moves a lot from one status to another and reports
// whether the row was in the expected state.
func (r *Lots) TransitionStatus(ctx context.Context, q pgdb.Querier, id string, from, to domain.LotStatus) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE lots SET status = $3, updated_at = now()
		WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, fmt.Errorf("lots: transition %s: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

// SetStatus unconditionally sets a lot's status.
func (r *Lots) SetStatus(ctx context.Context, q pgdb.Querier, id string, status domain.LotStatus, reason string) error {
	_, err := q.Exec(ctx, `
		UPDATE lots SET status = $2, cancel_reason = $3, updated_at = now()
		WHERE id = $1`, id, status, nullable(reason))
	if err != nil {
		return fmt.Errorf("lots: set status %s: %w", id, err)
	}
	return nil
}

// RecordHighBid stores the new leading bid on the lot row.
func (r *Lots) RecordHighBid(ctx context.Context, q pgdb.Querier, id, bidderID string, amount int64, endsAt time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE lots SET high_bid_cents = $2, high_bidder_id = $3, ends_at = $4,
		       status = 'live', updated_at = now()
		WHERE id = $1`, id, amount, bidderID, endsAt)
	if err != nil {
		return fmt.Errorf("lots: record high bid %s: %w", id, err)
	}
	return nil
}

// AddWatcher adds a user to a lot's watch list.
func (r *Lots) AddWatcher(ctx context.Context, q pgdb.Querier, lotID, userID string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO lot_watchers (lot_id, user_id) VALUES ($1, $2)`, lotID, userID)
	if err != nil {
		return fmt.Errorf("lots: add watcher: %w", err)
	}
	return nil
}

// RemoveWatcher removes a user from a lot's watch list.
func (r *Lots) RemoveWatcher(ctx context.Context, q pgdb.Querier, lotID, userID string) error {
	_, err := q.Exec(ctx, `DELETE FROM lot_watchers WHERE lot_id = $1 AND user_id = $2`, lotID, userID)
	if err != nil {
		return fmt.Errorf("lots: remove watcher: %w", err)
	}
	return nil
}

// Watchers lists the users watching a lot.
func (r *Lots) Watchers(ctx context.Context, q pgdb.Querier, lotID string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT user_id FROM lot_watchers WHERE lot_id = $1`, lotID)
	if err != nil {
		return nil, fmt.Errorf("lots: watchers: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// InsertQuestion stores a question unless the same asker already sent one
// with this client reference; either way the stored question is returned.
func (r *Lots) InsertQuestion(ctx context.Context, q pgdb.Querier, qs domain.Question, clientRef string) (domain.Question, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO lot_questions (id, lot_id, asker_id, client_ref, body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (lot_id, asker_id, client_ref) DO NOTHING`,
		qs.ID, qs.LotID, qs.AskerID, clientRef, qs.Body)
	if err != nil {
		return domain.Question{}, fmt.Errorf("lots: insert question: %w", err)
	}
	var out domain.Question
	err = q.QueryRow(ctx, `
		SELECT id, lot_id, asker_id, body, created_at FROM lot_questions
		WHERE lot_id = $1 AND asker_id = $2 AND client_ref = $3`,
		qs.LotID, qs.AskerID, clientRef).Scan(&out.ID, &out.LotID, &out.AskerID, &out.Body, &out.CreatedAt)
	if err != nil {
		return domain.Question{}, fmt.Errorf("lots: load question: %w", err)
	}
	return out, nil
}

// UpsertOffer creates a second-chance offer for (lot, bidder) or returns the
// one that already exists.
func (r *Lots) UpsertOffer(ctx context.Context, q pgdb.Querier, o domain.SecondChanceOffer) (domain.SecondChanceOffer, bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO second_chance_offers (id, lot_id, bidder_id, amount_cents, expires_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (lot_id, bidder_id) DO NOTHING`,
		o.ID, o.LotID, o.BidderID, o.AmountCents, o.ExpiresAt)
	if err != nil {
		return domain.SecondChanceOffer{}, false, fmt.Errorf("lots: insert offer: %w", err)
	}
	var out domain.SecondChanceOffer
	err = q.QueryRow(ctx, `
		SELECT id, lot_id, bidder_id, amount_cents, expires_at FROM second_chance_offers
		WHERE lot_id = $1 AND bidder_id = $2`, o.LotID, o.BidderID).Scan(
		&out.ID, &out.LotID, &out.BidderID, &out.AmountCents, &out.ExpiresAt)
	if err != nil {
		return domain.SecondChanceOffer{}, false, fmt.Errorf("lots: load offer: %w", err)
	}
	return out, tag.RowsAffected() == 1, nil
}

// InsertResult records the close of a lot once.
func (r *Lots) InsertResult(ctx context.Context, q pgdb.Querier, res domain.AuctionResult) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO auction_results (lot_id, outcome, winner_id, winning_bid_id, hammer_cents, closed_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (lot_id) DO NOTHING`,
		res.LotID, res.Outcome, nullable(res.WinnerID), nullable(res.WinningBidID), res.HammerCents, res.ClosedAt)
	if err != nil {
		return false, fmt.Errorf("lots: insert result: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// GetResult loads the close record for a lot.
func (r *Lots) GetResult(ctx context.Context, q pgdb.Querier, lotID string) (domain.AuctionResult, error) {
	var res domain.AuctionResult
	var winner, bid *string
	err := q.QueryRow(ctx, `
		SELECT lot_id, outcome, winner_id, winning_bid_id, hammer_cents, closed_at
		FROM auction_results WHERE lot_id = $1`, lotID).Scan(
		&res.LotID, &res.Outcome, &winner, &bid, &res.HammerCents, &res.ClosedAt)
	if err != nil {
		return domain.AuctionResult{}, fmt.Errorf("lots: get result %s: %w", lotID, pgdb.NotFound(err))
	}
	res.WinnerID, res.WinningBidID = deref(winner), deref(bid)
	return res, nil
}
