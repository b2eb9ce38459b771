package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/notify"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/platform/idgen"
	"github.com/depotworks/depot/internal/store"
)

// Publisher delivers a merchant event right away.
type Publisher interface {
	Publish(ctx context.Context, merchantID, typ string, data any) error
}

// TrackingService applies carrier and dock events to shipments.
type TrackingService struct {
	base
	db       *sqlx.DB
	shipping *store.ShippingRepo
	orders   *store.OrderRepo
	outbox   *store.OutboxRepo
	notifier Publisher
	sms      notify.Sender
	eventIDs idgen.Generator
}

// TrackingOption configures a TrackingService.
type TrackingOption func(*TrackingService)

// WithEventIDs sets the generator for tracking event row IDs.
func WithEventIDs(g idgen.Generator) TrackingOption {
	return func(s *TrackingService) { s.eventIDs = g }
}

// NewTrackingService builds the service.
func NewTrackingService(r *store.Repos, notifier Publisher, sms notify.Sender, opts []Option, topts ...TrackingOption) *TrackingService {
	s := &TrackingService{
		base: newBase(opts), db: r.DB, shipping: r.Shipping, orders: r.Orders, outbox: r.Outbox,
		notifier: notifier, sms: sms,
	}
	s.eventIDs = s.ids
	for _, o := range topts {
		o(s)
	}
	return s
}

// Dispatch is published by the dock app when a carton is loaded.
type Dispatch struct {
	TrackingNumber string    `json:"tracking_number"`
	Dock           string    `json:"dock"`
	Trailer        string    `json:"trailer"`
	LoadedAt       time.Time `json:"loaded_at"`
}

// Dispatched marks a shipment as having left the building, moves its order
// to shipped and tells the merchant.
func (s *TrackingService) Dispatched(ctx context.Context, d Dispatch) error {
	sh, err := s.shipping.ShipmentByTracking(ctx, s.db, d.TrackingNumber)
	if err != nil {
		return err
	}
	err = db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if _, err := s.shipping.MarkDispatched(ctx, tx, sh.ID, d.LoadedAt); err != nil {
			return err
		}
		moved, err := s.orders.Transition(ctx, tx, sh.OrderID, []string{domain.OrderPacked}, domain.OrderShipped)
		if err != nil || !moved {
			return err
		}
		return s.outbox.Enqueue(ctx, tx, store.Envelope{
			EventID:      "order-shipped:" + sh.OrderID,
			Destination:  domain.DestKafka,
			Topic:        TopicOrdersShipped,
			MerchantID:   sh.MerchantID,
			PartitionKey: sh.OrderID,
			Payload:      OrderEvent{OrderID: sh.OrderID, MerchantID: sh.MerchantID, Status: domain.OrderShipped, At: d.LoadedAt},
		})
	})
	if err != nil {
		return err
	}
	return s.notifier.Publish(ctx, sh.MerchantID, EventShipmentDispatched, map[string]any{
		"order_id":        sh.OrderID,
		"tracking_number": sh.TrackingNumber,
		"carrier":         sh.Carrier,
		"dispatched_at":   d.LoadedAt,
	})
}

// CarrierUpdate is one tracking update from the carrier's push feed.
type CarrierUpdate struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	Description    string    `json:"description"`
	Location       string    `json:"location"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// RecordScan appends an in-network scan to the shipment's history.
func (s *TrackingService) RecordScan(ctx context.Context, u CarrierUpdate) error {
	sh, err := s.shipping.ShipmentByTracking(ctx, s.db, u.TrackingNumber)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.shipping.InsertTrackingEvent(ctx, tx, domain.TrackingEvent{
			ID:             s.eventIDs.New(),
			ShipmentID:     sh.ID,
			CarrierEventID: u.EventID,
			Code:           u.Status,
			Description:    u.Description,
			Location:       u.Location,
			OccurredAt:     u.OccurredAt,
		}); err != nil {
			return err
		}
		return s.shipping.SetStatus(ctx, tx, sh.ID, u.Status)
	})
}

const outForDeliveryText = "Your %s parcel %s is out for delivery today. Track it at https://track.depotworks.io/%s"

// OutForDelivery texts the consignee that the parcel arrives today.
func (s *TrackingService) OutForDelivery(ctx context.Context, u CarrierUpdate) error {
	sh, err := s.shipping.ShipmentByTracking(ctx, s.db, u.TrackingNumber)
	if err != nil {
		return err
	}
	if err := s.shipping.SetStatus(ctx, s.db, sh.ID, "out_for_delivery"); err != nil {
		return err
	}
	if sh.ConsigneePhone == "" {
		return nil
	}
	sent, err := s.shipping.HasNotification(ctx, sh.ID, "out_for_delivery")
	if err != nil || sent {
		return err
	}
	sid, err := s.sms.SendSMS(ctx, notify.SMS{
		To:   sh.ConsigneePhone,
		Body: fmt.Sprintf(outForDeliveryText, sh.Carrier, sh.TrackingNumber, sh.TrackingNumber),
	})
	if err != nil {
		return fmt.Errorf("sms %s: %w", sh.ID, err)
	}
	return s.shipping.RecordNotification(ctx, "cn_"+s.ids.New(), sh.ID, "out_for_delivery", "sms", sid, s.clock.Now())
}

// Delivered closes the shipment and queues the merchant's delivery event.
func (s *TrackingService) Delivered(ctx context.Context, u CarrierUpdate) error {
	sh, err := s.shipping.ShipmentByTracking(ctx, s.db, u.TrackingNumber)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.Warn("delivery for unknown tracking number", "tracking", u.TrackingNumber)
		return nil
	}
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		moved, err := s.shipping.MarkDelivered(ctx, tx, sh.ID, u.OccurredAt)
		if err != nil || !moved {
			return err
		}
		return s.outbox.Enqueue(ctx, tx, store.Envelope{
			EventID:     "delivered:" + u.EventID,
			Destination: domain.DestWebhook,
			Topic:       EventShipmentDelivered,
			MerchantID:  sh.MerchantID,
			Payload: map[string]any{
				"order_id": sh.OrderID, "tracking_number": sh.TrackingNumber, "delivered_at": u.OccurredAt,
				"location": u.Location,
			},
		})
	})
}
