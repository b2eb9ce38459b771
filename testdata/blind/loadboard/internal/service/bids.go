package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
)

// BidService takes carrier bids and keeps the board's bid summary current.
type BidService struct {
	tx       Transactor
	loads    LoadStore
	bids     BidStore
	carriers CarrierStore
	outbox   Outbox
	now      NowFunc
	newID    NewIDFunc
}

func NewBidService(tx Transactor, loads LoadStore, bids BidStore, carriers CarrierStore, outbox Outbox) *BidService {
	return &BidService{
		tx:       tx,
		loads:    loads,
		bids:     bids,
		carriers: carriers,
		outbox:   outbox,
		now:      time.Now,
		newID:    uuid.NewString,
	}
}

// PlaceBidInput is a carrier's bid.
type PlaceBidInput struct {
	LoadID      string
	CarrierID   string
	AmountCents int64
	Note        string
}

// Place records a bid. Carriers may bid more than once on a load (for
// example to undercut a competitor); every bid stays on the history.
func (s *BidService) Place(ctx context.Context, in PlaceBidInput) (*domain.Bid, error) {
	if in.AmountCents <= 0 {
		return nil, domain.Invalid("amount_cents", "must be positive")
	}
	if len(in.Note) > 500 {
		return nil, domain.Invalid("note", "at most 500 characters")
	}
	load, err := s.loads.Get(ctx, in.LoadID)
	if err != nil {
		return nil, err
	}
	if !load.CanAcceptBids() {
		return nil, &domain.TransitionError{Entity: "load", ID: load.ID, From: string(load.Status), To: "bid"}
	}
	if _, err := s.carriers.Get(ctx, in.CarrierID); err != nil {
		return nil, err
	}

	bid := &domain.Bid{
		ID:          s.newID(),
		LoadID:      in.LoadID,
		CarrierID:   in.CarrierID,
		AmountCents: in.AmountCents,
		Note:        in.Note,
		Status:      domain.BidActive,
		CreatedAt:   s.now().UTC(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.bids.Insert(ctx, bid); err != nil {
			return err
		}
		return s.outbox.Publish(ctx, events.TopicBidPlaced, bid.ID, events.BidPlaced{
			BidID:       bid.ID,
			LoadID:      bid.LoadID,
			CarrierID:   bid.CarrierID,
			AmountCents: bid.AmountCents,
			PlacedAt:    bid.CreatedAt,
		})
	})
	if err != nil {
		return nil, err
	}
	return bid, nil
}

// RefreshStats recomputes the bid count and low bid shown on the board from
// the bids table.
func (s *BidService) RefreshStats(ctx context.Context, loadID string) error {
	stats, err := s.bids.Stats(ctx, loadID)
	if err != nil {
		return err
	}
	return s.loads.SetBidStats(ctx, loadID, stats)
}

// Ranked returns the best bids on a load.
func (s *BidService) Ranked(ctx context.Context, loadID string, limit int) ([]*domain.Bid, error) {
	return s.bids.Ranked(ctx, loadID, limit)
}
