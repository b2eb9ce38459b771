package service

import (
	"context"
	"errors"
	"log/slog"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/carrier"
)

// TrackingService applies carrier tracking webhooks.
type TrackingService struct {
	tx        database.Transactor
	shipments shipmentStore
	tradeIns  tradeInStore
	events    webhookEventStore
	outbox    Outbox
	newID     ids.UUIDFunc
	now       Clock
}

func NewTrackingService(tx database.Transactor, shipments shipmentStore, tradeIns tradeInStore,
	events webhookEventStore, outbox Outbox) *TrackingService {
	return &TrackingService{
		tx: tx, shipments: shipments, tradeIns: tradeIns, events: events, outbox: outbox,
		newID: ids.NewUUID, now: UTCNow,
	}
}

// Apply records a tracking event and advances the shipment. The event row,
// the shipment update and any follow-up event commit together; a resent
// event finds its row and is acknowledged without effect.
func (s *TrackingService) Apply(ctx context.Context, ev carrier.TrackingEvent, raw []byte) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.now()
		first, err := s.events.Record(ctx, &model.WebhookEvent{
			ID:          s.newID(),
			Provider:    carrier.Name,
			EventID:     ev.EventID,
			EventType:   ev.Type + ":" + ev.Status,
			Payload:     model.JSON(raw),
			ReceivedAt:  now,
			ProcessedAt: &now,
		})
		if err != nil {
			return err
		}
		if !first {
			slog.DebugContext(ctx, "duplicate tracking event", "event_id", ev.EventID)
			return nil
		}
		sh, err := s.shipments.ByTracking(ctx, carrier.Name, ev.TrackingNumber)
		if errors.Is(err, database.ErrNotFound) {
			slog.WarnContext(ctx, "tracking for unknown parcel", "tracking", ev.TrackingNumber)
			return nil
		}
		if err != nil {
			return err
		}
		n, err := s.shipments.UpdateTrackingStatus(ctx, sh.ID, ev.Status, ev.OccurredAt)
		if err != nil || n == 0 {
			return err
		}
		if sh.Direction != model.DirectionInbound || sh.TradeInID == nil {
			return nil
		}
		switch ev.Status {
		case "in_transit", "out_for_delivery":
			_, err = s.tradeIns.Transition(ctx, *sh.TradeInID, []string{model.TradeInLabelIssued}, model.TradeInInTransit)
			return err
		case "delivered":
			return s.outbox.Add(ctx, newEvent(messaging.TopicEvents, messaging.TypeShipmentDelivered, sh.TradeInID.String(),
				messaging.ShipmentDelivered{
					ShipmentID:     sh.ID,
					TradeInID:      *sh.TradeInID,
					Carrier:        sh.Carrier,
					TrackingNumber: sh.TrackingNumber,
					DeliveredAt:    ev.OccurredAt,
				}, now))
		}
		return nil
	})
}
