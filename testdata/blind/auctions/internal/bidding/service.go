// Package bidding places bids. A bid is accepted inside a transaction that
// locks the lot row, and the BidPlaced event is published afterwards with
// the bid's ID as the JetStream deduplication ID.
package bidding

import (
	"context"
	"fmt"
	"time"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// LotStore is what bidding needs from the lot repository.
type LotStore interface {
	GetForUpdate(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
	RecordHighBid(ctx context.Context, q pgdb.Querier, id, bidderID string, amount int64, endsAt time.Time) error
}

// BidStore is what bidding needs from the bid repository.
type BidStore interface {
	FindByKey(ctx context.Context, q pgdb.Querier, bidderID, key string) (domain.Bid, bool, error)
	InsertIfAbsent(ctx context.Context, q pgdb.Querier, b domain.Bid) (bool, error)
}

// EventPublisher publishes domain events.
type EventPublisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

// Extender pushes back the close of an auction when a late bid arrives.
type Extender interface {
	ExtendClose(ctx context.Context, lotID string, endsAt time.Time) error
}

// Service places bids.
type Service interface {
	Place(ctx context.Context, idemKey string, req PlaceRequest) (Placed, error)
}

// PlaceRequest is a bid submission.
type PlaceRequest struct {
	LotID       string
	BidderID    string
	AmountCents int64
}

// Placed is the outcome returned to the bidder.
type Placed struct {
	Bid      domain.Bid `json:"bid"`
	Leading  bool       `json:"leading"`
	EndsAt   time.Time  `json:"ends_at"`
	Replayed bool       `json:"replayed"`
}

// Config tunes anti-sniping.
type Config struct {
	SnipeWindow    time.Duration
	SnipeExtension time.Duration
}

type service struct {
	db       pgdb.DB
	lots     LotStore
	bids     BidStore
	pub      EventPublisher
	extender Extender
	cfg      Config
	now      func() time.Time
}

// NewService wires the bidding service.
func NewService(db pgdb.DB, lots LotStore, bids BidStore, pub EventPublisher, ext Extender, cfg Config) Service {
	if cfg.SnipeWindow == 0 {
		cfg.SnipeWindow = 2 * time.Minute
	}
	if cfg.SnipeExtension == 0 {
		cfg.SnipeExtension = 2 * time.Minute
	}
	return &service{db: db, lots: lots, bids: bids, pub: pub, extender: ext, cfg: cfg, now: time.Now}
}

type placement struct {
	bid        domain.Bid
	currency   string
	prevLeader string
	endsAt     time.Time
	extended   bool
	replayed   bool
}

func (s *service) Place(ctx context.Context, idemKey string, req PlaceRequest) (Placed, error) {
	p, err := pgdb.WithTx(ctx, s.db, func(q pgdb.Querier) (placement, error) {
		lot, err := s.lots.GetForUpdate(ctx, q, req.LotID)
		if err != nil {
			return placement{}, err
		}
		if prior, ok, err := s.bids.FindByKey(ctx, q, req.BidderID, idemKey); err != nil {
			return placement{}, err
		} else if ok {
			if prior.LotID != req.LotID || prior.AmountCents != req.AmountCents {
				return placement{}, fmt.Errorf("%w: idempotency key reused for a different bid", domain.ErrConflict)
			}
			return placement{bid: prior, currency: lot.Currency, endsAt: lot.EndsAt, replayed: true}, nil
		}
		now := s.now()
		if !lot.Status.Open() || now.Before(lot.StartsAt) || !now.Before(lot.EndsAt) {
			return placement{}, domain.ErrLotClosed
		}
		if lot.SellerID == req.BidderID {
			return placement{}, fmt.Errorf("%w: sellers cannot bid on their own lots", domain.ErrInvalidInput)
		}
		if req.AmountCents < lot.MinimumNextBid() {
			return placement{}, fmt.Errorf("%w: minimum is %d", domain.ErrBidTooLow, lot.MinimumNextBid())
		}
		bid := domain.Bid{
			ID:          ids.Bid(),
			LotID:       lot.ID,
			BidderID:    req.BidderID,
			AmountCents: req.AmountCents,
			IdemKey:     idemKey,
			PlacedAt:    now,
		}
		if _, err := s.bids.InsertIfAbsent(ctx, q, bid); err != nil {
			return placement{}, err
		}
		endsAt, extended := lot.EndsAt, false
		if lot.EndsAt.Sub(now) < s.cfg.SnipeWindow {
			endsAt, extended = now.Add(s.cfg.SnipeExtension), true
		}
		if err := s.lots.RecordHighBid(ctx, q, lot.ID, bid.BidderID, bid.AmountCents, endsAt); err != nil {
			return placement{}, err
		}
		return placement{bid: bid, currency: lot.Currency, prevLeader: lot.HighBidderID, endsAt: endsAt, extended: extended}, nil
	})
	if err != nil {
		return Placed{}, err
	}

	if p.extended {
		if err := s.extender.ExtendClose(ctx, p.bid.LotID, p.endsAt); err != nil {
			logx.From(ctx).Warn("extend close", "lot", p.bid.LotID, "err", err)
		}
	}
	ev := events.BidPlaced{
		BidID:                p.bid.ID,
		LotID:                p.bid.LotID,
		BidderID:             p.bid.BidderID,
		AmountCents:          p.bid.AmountCents,
		Currency:             p.currency,
		PreviousHighBidderID: p.prevLeader,
		PlacedAt:             p.bid.PlacedAt,
	}
	if err := s.pub.Publish(ctx, events.SubjectBidPlaced, "bid."+p.bid.ID, ev); err != nil {
		return Placed{}, fmt.Errorf("publish bid: %w", err)
	}
	return Placed{Bid: p.bid, Leading: true, EndsAt: p.endsAt, Replayed: p.replayed}, nil
}
