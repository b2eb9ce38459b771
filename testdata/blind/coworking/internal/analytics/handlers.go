// Package analytics is the analytics service's JetStream consumer. It keeps
// booking facts and room-utilisation aggregates for reporting.
package analytics

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/deskhive/coworking/internal/consumer"
	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/events"
	"github.com/deskhive/coworking/internal/store"
)

// Durable names of the analytics consumers.
const (
	DurableBookings = "analytics-bookings"
	DurableAccess   = "analytics-access"
)

// Handlers processes events for analytics.
type Handlers struct {
	store store.Store
	log   *slog.Logger
}

// NewHandlers builds the analytics handlers.
func NewHandlers(s store.Store, log *slog.Logger) *Handlers {
	return &Handlers{store: s, log: log}
}

// BookingsRouter routes booking events.
func (h *Handlers) BookingsRouter() *consumer.Router {
	return consumer.NewRouter().
		On(events.SubjectRoomBooked, h.onRoomBooked).
		On(events.SubjectRoomCancelled, h.onRoomCancelled)
}

// AccessRouter routes access events.
func (h *Handlers) AccessRouter() *consumer.Router {
	return consumer.NewRouter().
		On(events.SubjectMemberCheckin, h.onCheckin)
}

func envelope(m consumer.Message) (events.Envelope, error) {
	var env events.Envelope
	if err := json.Unmarshal(m.Data, &env); err != nil {
		return env, consumer.Permanent(fmt.Errorf("decode envelope: %w", err))
	}
	return env, nil
}

func (h *Handlers) onRoomBooked(ctx context.Context, m consumer.Message) error {
	env, err := envelope(m)
	if err != nil {
		return err
	}
	var evt events.RoomBooked
	if err := env.Decode(&evt); err != nil {
		return consumer.Permanent(err)
	}
	return h.store.InsertBookingFact(ctx, db.InsertBookingFactParams{
		ID:        xid.New().String(),
		BookingID: evt.BookingID,
		RoomID:    evt.RoomID,
		MemberID:  evt.MemberID,
		StartsAt:  evt.StartsAt,
		Minutes:   int32(evt.EndsAt.Sub(evt.StartsAt).Minutes()),
		Status:    "confirmed",
	})
}

func (h *Handlers) onRoomCancelled(ctx context.Context, m consumer.Message) error {
	env, err := envelope(m)
	if err != nil {
		return err
	}
	var evt events.RoomCancelled
	if err := env.Decode(&evt); err != nil {
		return consumer.Permanent(err)
	}

	done, err := h.store.AnalyticsMessageProcessed(ctx, env.ID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	err = h.store.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.UpdateBookingFactStatus(ctx, db.UpdateBookingFactStatusParams{BookingID: evt.BookingID, Status: "cancelled"}); err != nil {
			return err
		}
		return q.BumpRoomDailyCancellations(ctx, db.BumpRoomDailyCancellationsParams{
			RoomID:           evt.RoomID,
			Day:              evt.StartsAt.UTC().Truncate(24 * time.Hour),
			CancelledMinutes: int32(evt.EndsAt.Sub(evt.StartsAt).Minutes()),
		})
	})
	if err != nil {
		return err
	}
	return h.store.MarkAnalyticsMessageProcessed(ctx, db.MarkAnalyticsMessageProcessedParams{
		MsgID:    env.ID,
		Consumer: DurableBookings,
	})
}

func (h *Handlers) onCheckin(ctx context.Context, m consumer.Message) error {
	env, err := envelope(m)
	if err != nil {
		return err
	}
	var evt events.MemberCheckin
	if err := env.Decode(&evt); err != nil {
		return consumer.Permanent(err)
	}
	n, err := h.store.InsertCheckin(ctx, db.InsertCheckinParams{
		EventID:    env.ID,
		MemberID:   evt.MemberID,
		Door:       evt.Door,
		OccurredAt: evt.At,
	})
	if err != nil {
		return err
	}
	if n == 0 {
		h.log.DebugContext(ctx, "duplicate checkin", "event_id", env.ID)
	}
	return nil
}
