// Package audit writes the append-only booking event trail.
package audit

import (
	"context"
	"encoding/json"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/pgconv"
)

// Actor names used in booking_events.actor.
const (
	ActorDiner      = "diner"
	ActorRestaurant = "restaurant"
	ActorPOS        = "pos"
	ActorSystem     = "system"
)

// Record appends an event row using the caller's Queries (usually a tx).
func Record(ctx context.Context, q *db.Queries, bookingID, kind, actor string, payload map[string]any) error {
	body := []byte("{}")
	if len(payload) > 0 {
		b, err := json.Marshal(payload)
		if err != nil {
			return err
		}
		body = b
	}
	return q.InsertBookingEvent(ctx, db.InsertBookingEventParams{
		ID:        pgconv.UUID(ids.EventUUID()),
		BookingID: bookingID,
		Kind:      kind,
		Actor:     actor,
		Payload:   body,
	})
}
