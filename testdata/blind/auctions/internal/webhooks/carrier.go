package webhooks

import (
	"context"
	"fmt"
	"time"

	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// TrackingStore is the shipment persistence the carrier processor needs.
type TrackingStore interface {
	InsertTrackingEvent(ctx context.Context, q pgdb.Querier, eventID, tracking, status string, at time.Time) (bool, error)
	UpdateStatusByTracking(ctx context.Context, q pgdb.Querier, tracking, status string) (string, error)
	OrderIDByTracking(ctx context.Context, q pgdb.Querier, tracking string) (string, error)
}

// OrderStatusSetter updates order status.
type OrderStatusSetter interface {
	SetStatus(ctx context.Context, q pgdb.Querier, id string, s domain.OrderStatus) error
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

// CarrierProcessor applies tracking webhooks.
type CarrierProcessor struct {
	db        pgdb.DB
	shipments TrackingStore
	orders    OrderStatusSetter
	pub       Publisher
}

// NewCarrierProcessor wires a CarrierProcessor.
func NewCarrierProcessor(db pgdb.DB, s TrackingStore, o OrderStatusSetter, pub Publisher) *CarrierProcessor {
	return &CarrierProcessor{db: db, shipments: s, orders: o, pub: pub}
}

// Handle applies a batch. Each event is recorded under the carrier's event
// ID together with the status change it causes; a delivery event is then
// published under a message ID derived from the same carrier event ID, so
// a redelivered batch republishes into JetStream's duplicate window.
func (p *CarrierProcessor) Handle(ctx context.Context, batch carrier.WebhookBatch) error {
	for _, ev := range batch.Events {
		orderID, err := pgdb.WithTx(ctx, p.db, func(q pgdb.Querier) (string, error) {
			fresh, err := p.shipments.InsertTrackingEvent(ctx, q, ev.EventID, ev.TrackingNumber, ev.Status, ev.OccurredAt)
			if err != nil {
				return "", err
			}
			if !fresh {
				return p.shipments.OrderIDByTracking(ctx, q, ev.TrackingNumber)
			}
			orderID, err := p.shipments.UpdateStatusByTracking(ctx, q, ev.TrackingNumber, ev.Status)
			if err != nil {
				return "", err
			}
			if ev.Delivered() {
				if err := p.orders.SetStatus(ctx, q, orderID, domain.OrderDelivered); err != nil {
					return "", err
				}
			}
			return orderID, nil
		})
		if err != nil {
			return fmt.Errorf("tracking event %s: %w", ev.EventID, err)
		}
		if !ev.Delivered() {
			continue
		}
		msg := events.ShipmentDelivered{
			OrderID: orderID, TrackingNumber: ev.TrackingNumber,
			CarrierEventID: ev.EventID, DeliveredAt: ev.OccurredAt,
		}
		if err := p.pub.Publish(ctx, events.SubjectDelivered, "trk."+ev.EventID, msg); err != nil {
			return err
		}
	}
	return nil
}
