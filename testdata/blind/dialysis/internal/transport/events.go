package transport

import (
	"context"
	"encoding/json"

	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/partners/nemt"
	"github.com/renalnet/dialysis-ops/internal/store"
)

// partnerStatusMap maps the partner's trip states onto ours.
var partnerStatusMap = map[string]string{
	"assigned":    "booked",
	"en_route":    "booked",
	"picked_up":   "booked",
	"dropped_off": "completed",
	"no_show":     "no_show",
	"cancelled":   "cancelled",
}

// ApplyPartnerEvent records a ride status webhook. The partner's event id
// is the primary key of ride_events, and the status change commits with it.
func (s *Service) ApplyPartnerEvent(ctx context.Context, ev nemt.StatusEvent, raw json.RawMessage) error {
	return s.store.InTx(ctx, func(q *db.Queries) error {
		ride, err := q.GetRideByPartnerID(ctx, store.NullString(ev.RideID))
		if store.IsNotFound(err) {
			s.log.WarnContext(ctx, "status for unknown ride", "partner_ride_id", ev.RideID, "event_id", ev.EventID)
			return nil
		}
		if err != nil {
			return err
		}
		n, err := q.InsertRideEvent(ctx, db.InsertRideEventParams{
			PartnerEventID: ev.EventID,
			RideRequestID:  ride.ID,
			Status:         ev.Status,
			OccurredAt:     ev.OccurredAt,
			Payload:        raw,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		status, ok := partnerStatusMap[ev.Status]
		if !ok {
			s.log.InfoContext(ctx, "unmapped partner status", "status", ev.Status)
			return nil
		}
		if err := q.ApplyPartnerRideStatus(ctx, db.ApplyPartnerRideStatusParams{
			ID:            ride.ID,
			PartnerStatus: store.NullString(ev.Status),
			Status:        status,
		}); err != nil {
			return err
		}
		if status != "no_show" {
			return nil
		}
		return outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicTransport,
			Type:          "ride.no_show",
			AggregateType: "ride_request",
			AggregateID:   ride.ID,
			OrderingKey:   ride.PatientID.String(),
			Payload: events.RideNoShow{
				RideRequestID: ride.ID,
				PatientID:     ride.PatientID,
				SessionDate:   ride.SessionDate.Format("2006-01-02"),
				Leg:           ride.Leg,
			},
		})
	})
}
