package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/carrier"
	"github.com/circuitback/buyback/internal/provider/marketplace"
)

type fulfilmentStore interface {
	Open(ctx context.Context, f *model.Fulfilment) (*model.Fulfilment, error)
	Get(ctx context.Context, id uuid.UUID) (*model.Fulfilment, error)
	AttachShipment(ctx context.Context, id, shipmentID uuid.UUID) error
	MarkShipped(ctx context.Context, id uuid.UUID, packedBy string) error
}

// FulfilmentService ships sold devices to marketplace buyers.
type FulfilmentService struct {
	tx          database.Transactor
	fulfilments fulfilmentStore
	orders      orderStore
	devices     deviceStore
	shipments   shipmentStore
	carrier     LabelBuyer
	api         MarketplaceAPI

	warehouseAddressID string
	newID              ids.UUIDFunc
	now                Clock
}

type FulfilmentDeps struct {
	Tx                 database.Transactor
	Fulfilments        fulfilmentStore
	Orders             orderStore
	Devices            deviceStore
	Shipments          shipmentStore
	Carrier            LabelBuyer
	API                MarketplaceAPI
	WarehouseAddressID string
}

func NewFulfilmentService(d FulfilmentDeps) *FulfilmentService {
	return &FulfilmentService{
		tx: d.Tx, fulfilments: d.Fulfilments, orders: d.Orders, devices: d.Devices,
		shipments: d.Shipments, carrier: d.Carrier, api: d.API,
		warehouseAddressID: d.WarehouseAddressID, newID: ids.NewUUID, now: UTCNow,
	}
}

// Start reserves the device for a new order, buys the outbound label and
// acknowledges the order with the partner.
func (s *FulfilmentService) Start(ctx context.Context, evt messaging.OrderReceived) (*model.Fulfilment, error) {
	order, err := s.orders.Get(ctx, evt.SalesOrderID)
	if err != nil {
		return nil, err
	}
	if order.Status == model.OrderCancelled {
		slog.InfoContext(ctx, "order cancelled before fulfilment", "order_id", order.ID)
		return nil, nil
	}
	var f *model.Fulfilment
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		f, err = s.fulfilments.Open(ctx, &model.Fulfilment{
			ID:           s.newID(),
			SalesOrderID: order.ID,
			Status:       model.FulfilmentPending,
		})
		if err != nil {
			return err
		}
		if _, err := s.orders.Transition(ctx, order.ID, []string{model.OrderReceived}, model.OrderReserved); err != nil {
			return err
		}
		_, err = s.devices.Transition(ctx, order.DeviceID, []string{model.DeviceListed}, model.DeviceSold)
		return err
	})
	if err != nil {
		return nil, wrap("reserve order", err)
	}
	if f.ShipmentID != nil {
		return f, nil
	}

	var shipTo carrier.Address
	if err := json.Unmarshal(order.ShipTo, &shipTo); err != nil {
		return nil, wrap("ship-to address", err)
	}
	shipTo.Name = order.BuyerName
	label, err := s.carrier.CreateLabel(ctx, carrier.LabelRequest{
		Service:       "priority",
		FromAddressID: s.warehouseAddressID,
		To:            &shipTo,
		Parcel:        carrier.Parcel{WeightGrams: 700, Packaging: "small_box"},
		Reference:     "SO-" + order.ExternalOrderID,
		Insurance:     order.AmountCents,
	}, ids.Derived("outbound-label", order.ID.String()))
	if err != nil {
		return nil, wrap("buy outbound label", err)
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		sh, err := s.shipments.CreateForOrder(ctx, &model.Shipment{
			ID:             s.newID(),
			SalesOrderID:   &order.ID,
			Direction:      model.DirectionOutbound,
			Carrier:        carrier.Name,
			CarrierLabelID: label.ID,
			TrackingNumber: label.TrackingNumber,
			LabelURL:       label.LabelURL,
			PostageCents:   label.PostageCents,
			Status:         "label_created",
		})
		if err != nil {
			return err
		}
		f.ShipmentID = &sh.ID
		return s.fulfilments.AttachShipment(ctx, f.ID, sh.ID)
	})
	if err != nil {
		return nil, wrap("store outbound label", err)
	}
	if err := s.api.AcknowledgeOrder(ctx, order.ExternalOrderID); err != nil {
		return nil, wrap("acknowledge order", err)
	}
	return f, nil
}

// ConfirmShipped tells the marketplace that a packed order left the
// building, once the outbound parcel is scanned at the dock door.
func (s *FulfilmentService) ConfirmShipped(ctx context.Context, evt messaging.FulfilmentShipped) error {
	f, err := s.fulfilments.Get(ctx, evt.FulfilmentID)
	if err != nil {
		return err
	}
	if f.Status == model.FulfilmentShipped {
		return nil
	}
	if f.ShipmentID == nil {
		return fmt.Errorf("%w: fulfilment %s has no label yet", ErrConflict, f.ID)
	}
	sh, err := s.shipments.Get(ctx, *f.ShipmentID)
	if err != nil {
		return err
	}
	order, err := s.orders.Get(ctx, f.SalesOrderID)
	if err != nil {
		return err
	}
	scanned := evt.ScannedAt
	if scanned.IsZero() {
		scanned = s.now()
	}
	if _, err := s.api.AddShipment(ctx, order.ExternalOrderID, marketplace.ShipmentNotice{
		Carrier:        sh.Carrier,
		TrackingNumber: sh.TrackingNumber,
		ShippedAt:      scanned.Format(time.RFC3339),
	}); err != nil {
		return wrap("notify marketplace", err)
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.fulfilments.MarkShipped(ctx, f.ID, evt.PackedBy); err != nil {
			return err
		}
		_, err := s.orders.Transition(ctx, order.ID, []string{model.OrderReserved}, model.OrderShipped)
		return err
	})
}
