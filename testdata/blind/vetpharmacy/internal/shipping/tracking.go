package shipping

import (
	"context"
	"fmt"
	"time"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/requestid"
)

// TrackingEvent is one scan from ParcelWing's tracking webhook.
type TrackingEvent struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	Description    string    `json:"description"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// ExceptionEvent is ParcelWing's delivery-exception webhook.
type ExceptionEvent struct {
	TrackingNumber string    `json:"tracking_number"`
	Code           string    `json:"code"`
	Detail         string    `json:"detail"`
	OccurredAt     time.Time `json:"occurred_at"`
}

var courierStatus = map[string]string{
	"PICKED_UP":        "in_transit",
	"IN_TRANSIT":       "in_transit",
	"OUT_FOR_DELIVERY": "out_for_delivery",
	"DELIVERED":        "delivered",
	"RETURNED":         "returned",
}

// ApplyTracking records a tracking scan and moves the shipment forward.
func (s *Service) ApplyTracking(ctx context.Context, ev TrackingEvent) error {
	status, ok := courierStatus[ev.Status]
	if !ok {
		return nil
	}
	sh, err := s.shipments.ShipmentByTracking(ctx, ev.TrackingNumber)
	if err != nil {
		return err
	}
	var desc *string
	if ev.Description != "" {
		desc = &ev.Description
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.shipments.AppendEvent(ctx, db.InsertShipmentEventParams{
			ID:             ids.New(ids.ShipEvent),
			ShipmentID:     sh.ID,
			CourierEventID: ev.EventID,
			Status:         status,
			Description:    desc,
			OccurredAt:     ev.OccurredAt,
		}); err != nil {
			return fmt.Errorf("append shipment event: %w", err)
		}
		advanced, err := s.shipments.Advance(ctx, sh.ID, status, ev.OccurredAt)
		if err != nil {
			return err
		}
		if advanced && status == "delivered" {
			return s.orders.MarkDelivered(ctx, sh.OrderID)
		}
		return nil
	})
}

// ReportException marks the shipment and hands follow-up (redelivery and
// telling the owner) to a job, so the webhook answers quickly.
func (s *Service) ReportException(ctx context.Context, ev ExceptionEvent) error {
	sh, err := s.shipments.ShipmentByTracking(ctx, ev.TrackingNumber)
	if err != nil {
		return err
	}
	if _, err := s.shipments.Advance(ctx, sh.ID, "exception", ev.OccurredAt); err != nil {
		return err
	}
	_, err = s.queue.Enqueue(ctx, jobs.CourierExceptionArgs{
		ShipmentID: sh.ID,
		Code:       ev.Code,
		Detail:     ev.Detail,
		TraceID:    requestid.From(ctx),
	}, nil)
	return err
}
