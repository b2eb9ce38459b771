package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/marketplace"
)

type listingStore interface {
	Save(ctx context.Context, l *model.Listing) (*model.Listing, error)
	ForDevice(ctx context.Context, deviceID uuid.UUID) (*model.Listing, error)
	ByMarketplaceID(ctx context.Context, marketplace, listingID string) (*model.Listing, error)
	Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error)
}

type orderStore interface {
	Create(ctx context.Context, o *model.SalesOrder) error
	Get(ctx context.Context, id uuid.UUID) (*model.SalesOrder, error)
	ByExternalID(ctx context.Context, marketplace, externalID string) (*model.SalesOrder, error)
	Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error)
}

// MarketplaceAPI is the resale partner.
type MarketplaceAPI interface {
	CreateListing(ctx context.Context, in marketplace.ListingRequest) (*marketplace.Listing, error)
	AcknowledgeOrder(ctx context.Context, orderID string) error
	AddShipment(ctx context.Context, orderID string, n marketplace.ShipmentNotice) (*marketplace.ShipmentRecord, error)
}

// MarketplaceService lists refurbished devices and ingests partner orders.
type MarketplaceService struct {
	tx       database.Transactor
	listings listingStore
	orders   orderStore
	devices  deviceStore
	gradings gradingStore
	tradeIns tradeInStore
	events   webhookEventStore
	outbox   Outbox
	api      MarketplaceAPI
	prices   *PriceBook
	newID    ids.UUIDFunc
	now      Clock
}

type MarketplaceDeps struct {
	Tx       database.Transactor
	Listings listingStore
	Orders   orderStore
	Devices  deviceStore
	Gradings gradingStore
	TradeIns tradeInStore
	Events   webhookEventStore
	Outbox   Outbox
	API      MarketplaceAPI
	Prices   *PriceBook
}

func NewMarketplaceService(d MarketplaceDeps) *MarketplaceService {
	return &MarketplaceService{
		tx: d.Tx, listings: d.Listings, orders: d.Orders, devices: d.Devices,
		gradings: d.Gradings, tradeIns: d.TradeIns, events: d.Events, outbox: d.Outbox,
		api: d.API, prices: d.Prices, newID: ids.NewUUID, now: UTCNow,
	}
}

// sellerSKU is the partner's catalogue code for a model/storage/grade; it
// is shared by every unit of that configuration.
func sellerSKU(d *model.Device, grade string) string {
	m := strings.ToUpper(strings.ReplaceAll(d.Model, " ", ""))
	return fmt.Sprintf("CB-%s-%s-%d-%s", strings.ToUpper(d.Manufacturer[:min(3, len(d.Manufacturer))]), m, d.StorageGB, grade)
}

// PublishListing lists a wiped device on the marketplace.
func (s *MarketplaceService) PublishListing(ctx context.Context, req messaging.ListingRequested) (*model.Listing, error) {
	if l, err := s.listings.ForDevice(ctx, req.DeviceID); err == nil {
		return l, nil
	} else if !errors.Is(err, database.ErrNotFound) {
		return nil, err
	}
	dev, err := s.devices.Get(ctx, req.DeviceID)
	if err != nil {
		return nil, err
	}
	if dev.Status != model.DeviceListingRequested {
		return nil, fmt.Errorf("%w: device is %s", ErrConflict, dev.Status)
	}
	g, err := s.gradings.Latest(ctx, dev.ID)
	if err != nil {
		return nil, wrap("latest grading", err)
	}
	ti, err := s.tradeIns.Get(ctx, dev.TradeInID)
	if err != nil {
		return nil, err
	}
	price, ok := s.prices.ResalePrice(deref(ti.FinalOfferCents), g.Grade)
	if !ok {
		return nil, fmt.Errorf("%w: grade %s is not resellable", ErrConflict, g.Grade)
	}
	title := fmt.Sprintf("%s %s %dGB - Refurbished (%s)", dev.Manufacturer, dev.Model, dev.StorageGB, ConditionLabel(g.Grade))

	created, err := s.api.CreateListing(ctx, marketplace.ListingRequest{
		SellerSKU:    sellerSKU(dev, g.Grade),
		Title:        title,
		Condition:    ConditionLabel(g.Grade),
		PriceCents:   price,
		Currency:     ti.Currency,
		WarrantyDays: 90,
		Attributes:   map[string]string{"battery_health": fmt.Sprint(deref(g.BatteryHealth)), "data_wiped": "true"},
	})
	if err != nil {
		return nil, wrap("create marketplace listing", err)
	}

	var l *model.Listing
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		l, err = s.listings.Save(ctx, &model.Listing{
			ID:                   s.newID(),
			DeviceID:             dev.ID,
			Marketplace:          marketplace.Name,
			MarketplaceListingID: created.ID,
			SellerSKU:            sellerSKU(dev, g.Grade),
			Title:                title,
			PriceCents:           price,
			Currency:             ti.Currency,
			Status:               model.ListingActive,
		})
		if err != nil {
			return err
		}
		_, err = s.devices.Transition(ctx, dev.ID, []string{model.DeviceListingRequested}, model.DeviceListed)
		return err
	})
	if err != nil {
		return nil, wrap("store listing", err)
	}
	return l, nil
}

// HandleOrderCreated records a marketplace order against our listing and
// hands it to fulfilment.
func (s *MarketplaceService) HandleOrderCreated(ctx context.Context, ev marketplace.OrderEvent) (*model.SalesOrder, error) {
	listing, err := s.listings.ByMarketplaceID(ctx, marketplace.Name, ev.Order.ListingID)
	if err != nil {
		return nil, wrap("listing "+ev.Order.ListingID, err)
	}
	order := &model.SalesOrder{
		ID:              s.newID(),
		Marketplace:     marketplace.Name,
		ExternalOrderID: ev.Order.ID,
		ListingID:       listing.ID,
		DeviceID:        listing.DeviceID,
		BuyerName:       ev.Order.Buyer.Name,
		ShipTo:          model.MustJSON(ev.Order.Buyer.ShipTo),
		AmountCents:     ev.Order.AmountCents,
		Currency:        ev.Order.Currency,
		Status:          model.OrderReceived,
		OrderedAt:       ev.Order.PlacedAt,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.orders.Create(ctx, order); err != nil {
			return err
		}
		n, err := s.listings.Transition(ctx, listing.ID, []string{model.ListingActive}, model.ListingSold)
		if err != nil {
			return err
		}
		if n == 0 {
			slog.WarnContext(ctx, "order for a listing that is not active", "listing_id", listing.ID, "order", ev.Order.ID)
		}
		return s.outbox.Add(ctx, newEvent(messaging.TopicEvents, messaging.TypeOrderReceived, order.ID.String(),
			messaging.OrderReceived{SalesOrderID: order.ID, ExternalOrderID: order.ExternalOrderID, DeviceID: order.DeviceID},
			s.now()))
	})
	if err != nil {
		return nil, wrap("record order", err)
	}
	return order, nil
}

// HandleOrderCancelled releases a cancelled order's device back to stock.
// The partner reactivates the listing itself; we only mirror the state.
func (s *MarketplaceService) HandleOrderCancelled(ctx context.Context, ev marketplace.OrderEvent, raw []byte) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.events.Record(ctx, &model.WebhookEvent{
			ID: s.newID(), Provider: marketplace.Name, EventID: ev.EventID, EventType: ev.Type,
			Payload: model.JSON(raw), ReceivedAt: s.now(),
		}); err != nil {
			return err
		}
		order, err := s.orders.ByExternalID(ctx, marketplace.Name, ev.Order.ID)
		if errors.Is(err, database.ErrNotFound) {
			slog.InfoContext(ctx, "cancellation for unknown order", "order", ev.Order.ID)
			return nil
		}
		if err != nil {
			return err
		}
		n, err := s.orders.Transition(ctx, order.ID, []string{model.OrderReceived, model.OrderReserved}, model.OrderCancelled)
		if err != nil {
			return err
		}
		if n == 0 {
			// Already cancelled, or shipped before the buyer cancelled.
			return nil
		}
		if _, err := s.listings.Transition(ctx, order.ListingID, []string{model.ListingSold}, model.ListingActive); err != nil {
			return err
		}
		if _, err := s.devices.Transition(ctx, order.DeviceID, []string{model.DeviceSold}, model.DeviceListed); err != nil {
			return err
		}
		return s.outbox.Add(ctx, newEvent(messaging.TopicEvents, messaging.TypeOrderCancelled, order.ID.String(),
			messaging.OrderCancelled{SalesOrderID: order.ID, Reason: ev.Order.CancelCode}, s.now()))
	})
}
