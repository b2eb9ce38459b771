// Package consumers holds the JetStream message handlers run by
// cmd/consumer.
package consumers

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/natsx"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// AccountReader loads accounts.
type AccountReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Account, error)
}

// LotReader loads lots.
type LotReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
}

// Inbox records handled messages.
type Inbox interface {
	Claim(ctx context.Context, q pgdb.Querier, consumer, key string) (bool, error)
	Seen(ctx context.Context, q pgdb.Querier, consumer, key string) (bool, error)
	Record(ctx context.Context, q pgdb.Querier, consumer, key string) error
}

// OutbidNotifier tells the previous leader they have been outbid.
type OutbidNotifier struct {
	db       pgdb.Querier
	accounts AccountReader
	lots     LotReader
	sender   notify.Sender
}

// NewOutbidNotifier wires an OutbidNotifier.
func NewOutbidNotifier(db pgdb.Querier, a AccountReader, l LotReader, s notify.Sender) *OutbidNotifier {
	return &OutbidNotifier{db: db, accounts: a, lots: l, sender: s}
}

// Handle processes one BidPlaced event.
func (n *OutbidNotifier) Handle(ctx context.Context, _ natsx.Delivery, ev events.BidPlaced) error {
	prev := ev.PreviousHighBidderID
	if prev == "" || prev == ev.BidderID {
		return nil
	}
	acct, err := n.accounts.Get(ctx, n.db, prev)
	if err != nil {
		return err
	}
	lot, err := n.lots.Get(ctx, n.db, ev.LotID)
	if err != nil {
		return err
	}
	if lot.HighBidderID == prev {
		// The previous leader has already re-taken the lead.
		return nil
	}
	ch := notify.Email
	if acct.Phone != "" {
		ch = notify.SMS
	}
	msg := notify.Compose(notify.TplOutbid).
		Via(ch).
		To(notify.AddressFor(ch, acct.Email, acct.Phone)).
		With("lot_title", lot.Title).
		With("amount", fmt.Sprintf("%d.%02d %s", ev.AmountCents/100, ev.AmountCents%100, ev.Currency)).
		With("lot_id", ev.LotID).
		Build()
	_, err = n.sender.Send(ctx, msg)
	return err
}

// BidStats is the projection store for lot statistics.
type BidStats interface {
	IsFirstBidFrom(ctx context.Context, q pgdb.Querier, lotID, bidderID, bidID string) (bool, error)
	ApplyToStats(ctx context.Context, q pgdb.Querier, b domain.Bid, newBidder bool) error
}

// LotStatsProjector maintains lot_stats from the bid stream.
type LotStatsProjector struct {
	db    pgdb.DB
	inbox Inbox
	bids  BidStats
}

// NewLotStatsProjector wires a LotStatsProjector.
func NewLotStatsProjector(db pgdb.DB, inbox Inbox, bids BidStats) *LotStatsProjector {
	return &LotStatsProjector{db: db, inbox: inbox, bids: bids}
}

const statsConsumer = "lot-stats"

// Handle folds one bid into the projection. The inbox claim and the
// counter update share a transaction.
func (p *LotStatsProjector) Handle(ctx context.Context, d natsx.Delivery, ev events.BidPlaced) error {
	return pgdb.Tx(ctx, p.db, func(q pgdb.Querier) error {
		claimed, err := p.inbox.Claim(ctx, q, statsConsumer, d.Key())
		if err != nil || !claimed {
			return err
		}
		first, err := p.bids.IsFirstBidFrom(ctx, q, ev.LotID, ev.BidderID, ev.BidID)
		if err != nil {
			return err
		}
		return p.bids.ApplyToStats(ctx, q, domain.Bid{
			ID: ev.BidID, LotID: ev.LotID, BidderID: ev.BidderID,
			AmountCents: ev.AmountCents, PlacedAt: ev.PlacedAt,
		}, first)
	})
}
