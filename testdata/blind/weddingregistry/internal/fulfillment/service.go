// Package fulfillment places gift orders with partner retailers and tracks
// them until delivery.
package fulfillment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
	"github.com/tiedknot/registry/internal/providers/retailer"
	"github.com/tiedknot/registry/internal/store"
)

// ErrPermanent marks failures that retrying will not fix (out of stock,
// unknown partner). Job workers cancel instead of retrying.
var ErrPermanent = errors.New("fulfillment: permanent failure")

// Service is the fulfillment API used by job workers and webhooks.
type Service interface {
	PlaceOrderForPurchase(ctx context.Context, purchaseID string) error
	FulfillGroupGift(ctx context.Context, groupGiftID string) error
	RecordShipmentEvent(ctx context.Context, partner string, evt retailer.WebhookEvent) error
}

// Repository is the storage the service needs.
type Repository interface {
	LoadOrderContext(ctx context.Context, registryID, itemID string) (store.OrderContext, error)
	GetPurchase(ctx context.Context, id string) (db.Purchase, error)
	GetGroupGift(ctx context.Context, id string) (db.GroupGift, error)
	EnsurePurchaseOrder(ctx context.Context, arg db.UpsertPurchaseOrderParams) (db.RetailerOrder, error)
	NextAttempt(ctx context.Context, orderID string) (int32, error)
	LogAttempt(ctx context.Context, arg db.InsertOrderAttemptParams) error
	MarkPlaced(ctx context.Context, order db.RetailerOrder, partnerOrderID string) error
	MarkFailed(ctx context.Context, orderID string) error
	TransitionGroupGift(ctx context.Context, id, from, to string) (bool, error)
	RecordGroupGiftOrder(ctx context.Context, arg db.CreateGroupGiftOrderParams) (db.RetailerOrder, error)
	GetOrderByPartnerRef(ctx context.Context, retailer, partnerOrderID string) (db.RetailerOrder, error)
}

// Partners resolves retailer clients.
type Partners interface {
	Get(name string) (*retailer.Client, error)
}

type service struct {
	tx       store.TxRunner
	repo     Repository
	partners Partners
	log      *slog.Logger
	now      func() time.Time

	newOrderID    idgen.Generator
	newAttemptID  idgen.Generator
	newShipmentID idgen.Generator
}

// New builds the fulfillment service.
func New(tx store.TxRunner, repo Repository, partners Partners, log *slog.Logger) Service {
	return &service{
		tx:            tx,
		repo:          repo,
		partners:      partners,
		log:           log.With("svc", "fulfillment"),
		now:           time.Now,
		newOrderID:    idgen.Prefixed(idgen.PrefixOrder),
		newAttemptID:  idgen.Prefixed(idgen.PrefixAttempt),
		newShipmentID: idgen.Prefixed(idgen.PrefixShipment),
	}
}

func shipTo(reg db.Registry) (retailer.Address, error) {
	var a retailer.Address
	if err := json.Unmarshal(reg.ShipToAddress, &a); err != nil {
		return a, fmt.Errorf("registry %s ship-to address: %w", reg.ID, err)
	}
	a.Name = reg.ShipToName
	return a, nil
}

// PlaceOrderForPurchase orders a paid purchase from its retailer.
//
// The order row is created (or found) before calling the partner and its id
// is both the partner_order_ref and the idempotency key, so a retried job
// gets the original partner order back.
func (s *service) PlaceOrderForPurchase(ctx context.Context, purchaseID string) error {
	p, err := s.repo.GetPurchase(ctx, purchaseID)
	if err != nil {
		return err
	}
	switch p.Status {
	case "paid", "ordered":
	default:
		s.log.InfoContext(ctx, "purchase no longer needs an order", "purchase_id", p.ID, "status", p.Status)
		return nil
	}
	qty := p.Quantity - p.QuantityCancelled
	if qty <= 0 {
		return nil
	}
	oc, err := s.repo.LoadOrderContext(ctx, p.RegistryID, p.ItemID)
	if err != nil {
		return err
	}
	order, err := s.repo.EnsurePurchaseOrder(ctx, db.UpsertPurchaseOrderParams{
		ID:          s.newOrderID(),
		Retailer:    oc.Item.Retailer,
		PurchaseID:  pgtype.Text{String: p.ID, Valid: true},
		RegistryID:  p.RegistryID,
		RetailerSku: oc.Item.RetailerSku,
		Quantity:    qty,
	})
	if err != nil {
		return err
	}
	if order.Status != "pending" {
		return nil
	}
	partner, err := s.partners.Get(order.Retailer)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrPermanent, err)
	}
	addr, err := shipTo(oc.Registry)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrPermanent, err)
	}

	attempt, err := s.repo.NextAttempt(ctx, order.ID)
	if err != nil {
		return err
	}
	res, callErr := partner.PlaceOrder(ctx, retailer.OrderRequest{
		PartnerOrderRef: order.ID,
		SKU:             order.RetailerSku,
		Quantity:        int(order.Quantity),
		ShipTo:          addr,
		GiftMessage:     giftCard(p),
		GiftWrap:        true,
		IdempotencyKey:  "order/" + order.ID,
	})
	s.logAttempt(ctx, order.ID, attempt, res.HTTPStatus, callErr)

	if errors.Is(callErr, retailer.ErrOutOfStock) {
		if err := s.repo.MarkFailed(ctx, order.ID); err != nil {
			return err
		}
		return fmt.Errorf("%w: %v", ErrPermanent, callErr)
	}
	if callErr != nil {
		return callErr
	}
	return s.repo.MarkPlaced(ctx, order, res.OrderID)
}

// logAttempt appends to the attempt log. The log is for support staff; a
// failure to write it must not fail the order.
func (s *service) logAttempt(ctx context.Context, orderID string, attempt int32, status int, callErr error) {
	outcome, detail := "placed", ""
	if callErr != nil {
		outcome, detail = "error", callErr.Error()
	}
	if err := s.repo.LogAttempt(ctx, db.InsertOrderAttemptParams{
		ID:         s.newAttemptID(),
		OrderID:    orderID,
		Attempt:    attempt,
		Outcome:    outcome,
		HttpStatus: int32(status),
		Detail:     detail,
	}); err != nil {
		s.log.WarnContext(ctx, "order attempt log write failed", "order_id", orderID, "err", err)
	}
}

func giftCard(p db.Purchase) string {
	if p.GiftMessage == "" {
		return "From " + p.GuestName
	}
	return p.GiftMessage + "\n— " + p.GuestName
}

// FulfillGroupGift orders the item of a fully funded group gift.
func (s *service) FulfillGroupGift(ctx context.Context, groupGiftID string) error {
	g, err := s.repo.GetGroupGift(ctx, groupGiftID)
	if err != nil {
		return err
	}
	switch g.Status {
	case "ordering", "ordered":
		s.log.InfoContext(ctx, "group gift already being ordered", "group_gift_id", g.ID, "status", g.Status)
		return nil
	case "funded":
	default:
		return fmt.Errorf("%w: group gift %s is %s", ErrPermanent, g.ID, g.Status)
	}

	claimed, err := s.repo.TransitionGroupGift(ctx, g.ID, "funded", "ordering")
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}

	oc, err := s.repo.LoadOrderContext(ctx, g.RegistryID, g.ItemID)
	if err != nil {
		return err
	}
	partner, err := s.partners.Get(oc.Item.Retailer)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrPermanent, err)
	}
	addr, err := shipTo(oc.Registry)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrPermanent, err)
	}
	res, err := partner.PlaceOrder(ctx, retailer.OrderRequest{
		PartnerOrderRef: "gg_" + g.ID,
		SKU:             oc.Item.RetailerSku,
		Quantity:        1,
		ShipTo:          addr,
		GiftMessage:     "A group gift from your guests: " + g.Title,
		GiftWrap:        true,
		IdempotencyKey:  "group-gift/" + g.ID,
	})
	if err != nil {
		return err
	}
	_, err = s.repo.RecordGroupGiftOrder(ctx, db.CreateGroupGiftOrderParams{
		ID:              s.newOrderID(),
		Retailer:        partner.Name(),
		GroupGiftID:     pgtype.Text{String: g.ID, Valid: true},
		RegistryID:      g.RegistryID,
		RetailerSku:     oc.Item.RetailerSku,
		Quantity:        1,
		Status:          "placed",
		RetailerOrderID: pgtype.Text{String: res.OrderID, Valid: true},
	})
	return err
}

var shipmentStatus = map[string]string{
	"order.shipped":   "shipped",
	"order.delivered": "delivered",
	"order.cancelled": "cancelled",
}

// ErrUnknownOrder is returned for a webhook about an order we never placed.
var ErrUnknownOrder = errors.New("fulfillment: unknown partner order")

// RecordShipmentEvent applies a partner's shipping notification.
func (s *service) RecordShipmentEvent(ctx context.Context, partner string, evt retailer.WebhookEvent) error {
	status, ok := shipmentStatus[evt.Type]
	if !ok {
		s.log.DebugContext(ctx, "ignoring partner event", "partner", partner, "type", evt.Type)
		return nil
	}
	order, err := s.repo.GetOrderByPartnerRef(ctx, partner, evt.OrderID)
	if store.IsNotFound(err) {
		return ErrUnknownOrder
	}
	if err != nil {
		return err
	}
	occurred := pgtype.Timestamptz{Time: evt.OccurredAt, Valid: !evt.OccurredAt.IsZero()}
	if !occurred.Valid {
		occurred = pgtype.Timestamptz{Time: s.now(), Valid: true}
	}
	return s.tx.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		if err := q.InsertShipmentEvent(ctx, db.InsertShipmentEventParams{
			ID:              s.newShipmentID(),
			Retailer:        partner,
			ExternalEventID: evt.EventID,
			OrderID:         order.ID,
			EventType:       evt.Type,
			Carrier:         evt.Carrier,
			TrackingNumber:  evt.TrackingNumber,
			OccurredAt:      occurred,
		}); err != nil {
			return err
		}
		if err := q.UpdateOrderShipment(ctx, db.UpdateOrderShipmentParams{
			ID:             order.ID,
			Status:         status,
			Carrier:        evt.Carrier,
			TrackingNumber: evt.TrackingNumber,
		}); err != nil {
			return err
		}
		_, err := q.InsertOrderStatusHistory(ctx, db.InsertOrderStatusHistoryParams{
			OrderID:    order.ID,
			Status:     status,
			ObservedAt: occurred,
			Source:     "webhook",
		})
		return err
	})
}
