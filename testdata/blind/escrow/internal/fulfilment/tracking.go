package fulfilment

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/events"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/shipping"
)

// RecordDelivery stores a tracking notification from the partner and, for
// deliveries, announces it so the escrow can move towards release.
func (s *Service) RecordDelivery(ctx context.Context, ev shipping.TrackingEvent) error {
	delivered := ev.Status == StatusDelivered
	row, err := txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (db.MarkShipmentStatusByTrackingRow, error) {
		if err := q.InsertDeliveryEvent(ctx, db.InsertDeliveryEventParams{
			EventID:        ev.EventID,
			TrackingNumber: ev.TrackingNumber,
			Status:         ev.Status,
			OccurredAt:     ev.OccurredAt,
		}); err != nil {
			return db.MarkShipmentStatusByTrackingRow{}, err
		}
		if !delivered {
			return db.MarkShipmentStatusByTrackingRow{}, nil
		}
		return q.MarkShipmentStatusByTracking(ctx, db.MarkShipmentStatusByTrackingParams{
			TrackingNumber: ev.TrackingNumber,
			Status:         StatusDelivered,
		})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		s.log.WarnContext(ctx, "delivery for unknown tracking number", "tracking", ev.TrackingNumber)
		return nil
	}
	if err != nil || !delivered {
		return err
	}
	return s.pub.Publish(ctx, events.SubjectShipmentDelivered, events.ShipmentDelivered{
		EventID:        ev.EventID,
		EscrowID:       row.EscrowID,
		TrackingNumber: ev.TrackingNumber,
		DeliveredAt:    ev.OccurredAt,
	}, ev.EventID)
}

// RecordException stores a shipment exception (lost, damaged, returned). A
// redelivered exception is ignored.
func (s *Service) RecordException(ctx context.Context, ev shipping.ExceptionEvent) error {
	return s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		n, err := q.InsertShipmentException(ctx, db.InsertShipmentExceptionParams{
			PartnerEventID: ev.EventID,
			TrackingNumber: ev.TrackingNumber,
			Code:           ev.Code,
			Detail:         ev.Detail,
		})
		if err != nil || n == 0 {
			return err
		}
		_, err = q.MarkShipmentStatusByTracking(ctx, db.MarkShipmentStatusByTrackingParams{
			TrackingNumber: ev.TrackingNumber,
			Status:         StatusException,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			s.log.WarnContext(ctx, "exception for unknown tracking number", "tracking", ev.TrackingNumber)
			return nil
		}
		return err
	})
}
