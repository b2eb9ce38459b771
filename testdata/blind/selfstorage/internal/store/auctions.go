package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/baywarden/storagedesk/internal/domain"
)

const auctionCols = `id, rental_id, unit_id, status, scheduled_for, winning_bid_cents, buyer_name,
	buyer_email, buyer_pi_id, settled_at, created_at`

// AuctionStore covers lien auctions and their notices.
type AuctionStore struct {
	db      *DB
	Notices *Repo[AuctionNotice, *AuctionNotice]
}

func NewAuctionStore(db *DB) *AuctionStore {
	return &AuctionStore{db: db, Notices: NewRepo[AuctionNotice](db, "auction_id")}
}

// ScheduleAuction inserts the auction unless the rental already has an open one,
// and returns the open auction.
func (s *AuctionStore) ScheduleAuction(ctx context.Context, a domain.Auction) (*domain.Auction, bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO auctions (id, rental_id, unit_id, status, scheduled_for)
		VALUES ($1, $2, $3, 'scheduled', $4)
		ON CONFLICT (rental_id) WHERE status <> 'cancelled' DO NOTHING`,
		a.ID, a.RentalID, a.UnitID, a.ScheduledFor)
	if err != nil {
		return nil, false, err
	}
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT `+auctionCols+` FROM auctions WHERE rental_id = $1 AND status <> 'cancelled'`, a.RentalID)
	if err != nil {
		return nil, false, err
	}
	got, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Auction])
	if err != nil {
		return nil, false, err
	}
	return got, tag.RowsAffected() == 1, nil
}

func (s *AuctionStore) Auction(ctx context.Context, id string) (*domain.Auction, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `SELECT `+auctionCols+` FROM auctions WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Auction])
	return a, notFound(err)
}

func (s *AuctionStore) MarkNoticed(ctx context.Context, id string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE auctions SET status = 'noticed' WHERE id = $1 AND status = 'scheduled'`, id)
	return err
}

// RecordSale stores the winning bid on an auction that has not been settled.
func (s *AuctionStore) RecordSale(ctx context.Context, id string, bid int64, buyerName, buyerEmail, piID string, at time.Time) (bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE auctions
		   SET status = 'settled', winning_bid_cents = $2, buyer_name = $3, buyer_email = $4,
		       buyer_pi_id = $5, settled_at = $6
		 WHERE id = $1 AND status IN ('scheduled','noticed')`, id, bid, buyerName, buyerEmail, piID, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (s *AuctionStore) MarkDisbursed(ctx context.Context, id string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE auctions SET status = 'disbursed' WHERE id = $1 AND status = 'settled'`, id)
	return err
}

func (s *AuctionStore) RecordSurplus(ctx context.Context, auctionID, rentalID string, amount int64) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO surplus_payables (auction_id, rental_id, amount_cents)
		VALUES ($1, $2, $3) ON CONFLICT (auction_id) DO NOTHING`, auctionID, rentalID, amount)
	return err
}

func (s *AuctionStore) MarkNoticeSent(ctx context.Context, auctionID, kind, providerRef string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE auction_notices SET status = 'sent', provider_ref = $3, sent_at = now()
		 WHERE auction_id = $1 AND kind = $2`, auctionID, kind, providerRef)
	return err
}

// Notice loads the notice row for (auction, kind).
func (s *AuctionStore) Notice(ctx context.Context, auctionID, kind string) (*AuctionNotice, error) {
	list, err := s.Notices.ListWhere(ctx, "auction_id = $1 AND kind = $2", auctionID, kind)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, domain.ErrNotFound
	}
	return list[0], nil
}
