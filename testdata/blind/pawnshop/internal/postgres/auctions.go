package postgres

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/ironvault/pawnline/internal/domain"
)

type AuctionRepo struct{ base }

func NewAuctionRepo(db *sqlx.DB) *AuctionRepo { return &AuctionRepo{base{db}} }

const listingColumns = `id, item_id, lot_id, status, reserve_cents, listing_url, created_at`

// UpsertListing records the open consignment for an item. If the item already
// has an open listing the row keeps its id and takes the new lot details.
func (r *AuctionRepo) UpsertListing(ctx context.Context, l domain.Listing) (domain.Listing, error) {
	var out domain.Listing
	err := r.q(ctx).GetContext(ctx, &out, `
		INSERT INTO auction_listings (id, item_id, lot_id, status, reserve_cents, listing_url)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (item_id) WHERE status IN ('pending', 'live')
		DO UPDATE SET lot_id = EXCLUDED.lot_id, status = EXCLUDED.status,
			reserve_cents = EXCLUDED.reserve_cents, listing_url = EXCLUDED.listing_url, updated_at = now()
		RETURNING `+listingColumns,
		l.ID, l.ItemID, l.LotID, l.Status, l.Reserve, l.ListingURL)
	return out, mapErr(err)
}

func (r *AuctionRepo) ListingByLot(ctx context.Context, lotID string) (domain.Listing, error) {
	var l domain.Listing
	err := r.q(ctx).GetContext(ctx, &l, `SELECT `+listingColumns+` FROM auction_listings WHERE lot_id = $1`, lotID)
	return l, mapErr(err)
}

func (r *AuctionRepo) SetListingStatus(ctx context.Context, lotID string, status domain.ListingStatus) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE auction_listings SET status = $2, updated_at = now() WHERE lot_id = $1`, lotID, status))
}

func (r *AuctionRepo) InsertSale(ctx context.Context, s domain.Sale) error {
	_, err := r.q(ctx).NamedExecContext(ctx, `
		INSERT INTO auction_sales (id, lot_id, item_id, hammer_cents, buyer_premium_cents, sold_at)
		VALUES (:id, :lot_id, :item_id, :hammer_cents, :buyer_premium_cents, :sold_at)`, s)
	return mapErr(err)
}

func (r *AuctionRepo) SaleByLot(ctx context.Context, lotID string) (domain.Sale, error) {
	var s domain.Sale
	err := r.q(ctx).GetContext(ctx, &s, `
		SELECT id, lot_id, item_id, hammer_cents, buyer_premium_cents, sold_at
		FROM auction_sales WHERE lot_id = $1`, lotID)
	return s, mapErr(err)
}

// InsertSettlement stores a partner settlement once. It reports false when
// the partner's settlement id is already on file.
func (r *AuctionRepo) InsertSettlement(ctx context.Context, s domain.Settlement) (bool, error) {
	var id uuid.UUID
	err := r.q(ctx).GetContext(ctx, &id, `
		INSERT INTO auction_settlements (id, partner_settlement_id, lot_id, gross_cents, fees_cents,
			net_cents, paid_at, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (partner_settlement_id) DO NOTHING
		RETURNING id`,
		s.ID, s.PartnerSettlementID, s.LotID, s.Gross, s.Fees, s.Net, s.PaidAt, s.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, mapErr(err)
	}
	return true, nil
}

func (r *AuctionRepo) GetSettlement(ctx context.Context, id uuid.UUID) (domain.Settlement, error) {
	var s domain.Settlement
	err := r.q(ctx).GetContext(ctx, &s, `
		SELECT id, partner_settlement_id, lot_id, gross_cents, fees_cents, net_cents, paid_at,
			status, applied_at
		FROM auction_settlements WHERE id = $1`, id)
	return s, mapErr(err)
}

func (r *AuctionRepo) MarkSettlementApplied(ctx context.Context, id uuid.UUID, at time.Time) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE auction_settlements SET status = 'applied', applied_at = $2
		WHERE id = $1`, id, at))
}
