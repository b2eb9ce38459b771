package service

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/repository"
)

type Tracking struct {
	db        *gorm.DB
	cfg       config.Config
	shipments repository.ShipmentRepository
	orders    repository.OrderRepository
	notify    NotificationService
	publisher sqsbus.Publisher
	log       *zap.Logger
}

func NewTracking(db *gorm.DB, cfg config.Config, shipments repository.ShipmentRepository, orders repository.OrderRepository,
	notify NotificationService, publisher sqsbus.Publisher, log *zap.Logger) *Tracking {
	return &Tracking{db: db, cfg: cfg, shipments: shipments, orders: orders, notify: notify, publisher: publisher, log: log.Named("tracking")}
}

func mapCarrierStatus(s string) string {
	switch s {
	case "pre_transit":
		return model.ShipmentPurchased
	case "in_transit", "out_for_delivery":
		return model.ShipmentInTransit
	case "delivered":
		return model.ShipmentDelivered
	}
	return ""
}

// RecordUpdate stores a carrier tracking event once and advances the
// shipment. Delivered outbound shipments are announced on the order-events
// queue every time the carrier reports them; consumers de-duplicate.
func (s *Tracking) RecordUpdate(ctx context.Context, u TrackingUpdate) error {
	shp, err := s.shipments.GetByTrackingCode(ctx, u.TrackingCode)
	if errors.Is(err, repository.ErrNotFound) {
		s.log.Debug("tracking update for unknown code", zap.String("tracking_code", u.TrackingCode))
		return nil
	}
	if err != nil {
		return err
	}
	status := mapCarrierStatus(u.Status)
	var (
		order      *model.Order
		deliveries []string
	)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		o, err := s.orders.WithTx(tx).Get(ctx, shp.OrderID)
		if err != nil {
			return err
		}
		order = o
		claimed, err := s.shipments.WithTx(tx).ClaimTrackingEvent(ctx, &model.TrackingEvent{
			CarrierEventID: u.CarrierEventID,
			ShipmentID:     shp.ID,
			Status:         u.Status,
			Detail:         u.Detail,
			OccurredAt:     u.OccurredAt,
		})
		if err != nil || !claimed {
			return err
		}
		switch status {
		case model.ShipmentInTransit:
			moved, err := s.shipments.WithTx(tx).Transition(ctx, shp.ID, []string{model.ShipmentPurchased}, model.ShipmentInTransit)
			if err != nil || !moved || shp.Kind != model.ShipmentOutbound {
				return err
			}
			if _, err := s.orders.WithTx(tx).Transition(ctx, o.ID, []string{model.OrderInPrint, model.OrderCharged}, model.OrderShipped); err != nil {
				return err
			}
			deliveries, err = s.notify.Emit(ctx, tx, o.MerchantID, model.EventOrderShipped, map[string]any{
				"order_id":      o.ID,
				"shipment_id":   shp.ID,
				"tracking_code": u.TrackingCode,
			}, shp.ID)
			return err
		case model.ShipmentDelivered:
			_, err := s.shipments.WithTx(tx).Transition(ctx, shp.ID,
				[]string{model.ShipmentPurchased, model.ShipmentInTransit}, model.ShipmentDelivered)
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.notify.Dispatch(ctx, deliveries); err != nil {
		return err
	}
	if status == model.ShipmentDelivered && shp.Kind == model.ShipmentOutbound {
		_, err := s.publisher.Publish(ctx, s.cfg.OrderEventsQueue, sqsbus.TypeShipmentDelivered, sqsbus.OrderEvent{
			Type:         sqsbus.TypeShipmentDelivered,
			EventID:      u.CarrierEventID,
			OrderID:      order.ID,
			ShipmentID:   shp.ID,
			MerchantID:   order.MerchantID,
			TrackingCode: u.TrackingCode,
			OccurredAt:   u.OccurredAt,
		})
		return err
	}
	return nil
}

// HandleDelivered tells the merchant the parcel arrived and closes the order.
func (s *Tracking) HandleDelivered(ctx context.Context, orderID, shipmentID, trackingCode string, at time.Time) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	payload := map[string]any{
		"order_id":      order.ID,
		"shipment_id":   shipmentID,
		"tracking_code": trackingCode,
		"delivered_at":  at.UTC().Format(time.RFC3339),
	}
	if order.ShopOrderID != nil {
		payload["shop_order_id"] = *order.ShopOrderID
	}
	if err := s.notify.SendNow(ctx, order.MerchantID, model.EventOrderDelivered, payload); err != nil {
		return err
	}
	_, err = s.orders.Transition(ctx, order.ID, []string{model.OrderShipped, model.OrderInPrint}, model.OrderDelivered)
	return err
}
