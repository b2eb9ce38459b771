package consumers

import (
	"context"
	"errors"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/natsx"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/outbound"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// DeliveryLog records seller webhook deliveries.
type DeliveryLog interface {
	LogDelivery(ctx context.Context, q pgdb.Querier, id, sellerID, eventType, subjectID string, status int) error
}

// WebhookPoster posts to seller endpoints.
type WebhookPoster interface {
	Post(ctx context.Context, url, secret string, ev outbound.Event) (int, error)
}

// SellerWebhookRelay forwards lot results to sellers' integration endpoints.
type SellerWebhookRelay struct {
	db       pgdb.Querier
	accounts AccountReader
	poster   WebhookPoster
	log      DeliveryLog
}

// NewSellerWebhookRelay wires a SellerWebhookRelay.
func NewSellerWebhookRelay(db pgdb.Querier, a AccountReader, p WebhookPoster, l DeliveryLog) *SellerWebhookRelay {
	return &SellerWebhookRelay{db: db, accounts: a, poster: p, log: l}
}

// Handle posts lot.closed to the seller's endpoint and logs the delivery.
func (r *SellerWebhookRelay) Handle(ctx context.Context, _ natsx.Delivery, ev events.LotClosed) error {
	seller, err := r.accounts.Get(ctx, r.db, ev.SellerID)
	if err != nil {
		return err
	}
	if seller.WebhookURL == "" {
		return nil
	}
	status, err := r.poster.Post(ctx, seller.WebhookURL, seller.WebhookSecret, outbound.Event{
		Type: "lot.closed",
		Data: ev,
	})
	if err != nil {
		if status >= 400 && status < 500 && status != 429 {
			return natsx.Permanent(err)
		}
		return err
	}
	return r.log.LogDelivery(ctx, r.db, ids.Delivery(), seller.ID, "lot.closed", ev.LotID, status)
}

// SellerSoldNotifier emails the seller when their lot sells.
type SellerSoldNotifier struct {
	db       pgdb.Querier
	accounts AccountReader
	sender   notify.Sender
}

// NewSellerSoldNotifier wires a SellerSoldNotifier.
func NewSellerSoldNotifier(db pgdb.Querier, a AccountReader, s notify.Sender) *SellerSoldNotifier {
	return &SellerSoldNotifier{db: db, accounts: a, sender: s}
}

// Handle sends the "your lot sold" email, keyed by the lot so that the
// provider drops repeats.
func (n *SellerSoldNotifier) Handle(ctx context.Context, _ natsx.Delivery, ev events.LotClosed) error {
	if ev.Outcome != string(domain.LotSold) {
		return nil
	}
	seller, err := n.accounts.Get(ctx, n.db, ev.SellerID)
	if errors.Is(err, pgdb.ErrNotFound) {
		return natsx.Permanent(err)
	}
	if err != nil {
		return err
	}
	msg := notify.Compose(notify.TplLotSold).
		To(seller.Email).
		With("lot_title", ev.Title).
		With("hammer", fmt.Sprintf("%d.%02d", ev.HammerCents/100, ev.HammerCents%100)).
		With("order_id", ev.OrderID).
		Key("lot-sold/" + ev.LotID).
		Build()
	_, err = n.sender.Send(ctx, msg)
	return err
}
