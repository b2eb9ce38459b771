package posevents

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/tablewise/reservations/internal/events"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/possync"
)

// Handlers binds the POS sync service to subjects.
type Handlers struct {
	sync possync.Service
	log  *slog.Logger
}

func NewHandlers(sync possync.Service, log *slog.Logger) *Handlers {
	return &Handlers{sync: sync, log: log.With("component", "posevents")}
}

// Register installs every route on r.
func (h *Handlers) Register(r *Router) {
	r.Handle(events.SubjectTableSeated, typed(h.onTableSeated))
	r.Handle(events.SubjectCheckClosed, typed(h.onCheckClosed))
	r.Handle(events.SubjectReservationAcked, typed(h.onReservationAcked))
	r.Handle(events.SubjectWalkinCreated, typed(h.onWalkinCreated))
	r.Handle(events.SubjectOutboundConfirmed, h.onBookingConfirmed)
}

func permanentIfUnknown(err error) error {
	if errors.Is(err, possync.ErrUnknownBooking) {
		return fmt.Errorf("%w: %v", ErrPermanent, err)
	}
	return err
}

func (h *Handlers) onTableSeated(ctx context.Context, evt events.TableSeated) error {
	return permanentIfUnknown(h.sync.MarkSeated(ctx, evt))
}

func (h *Handlers) onCheckClosed(ctx context.Context, evt events.CheckClosed) error {
	if evt.ExternalRef == "" {
		// Checks without a booking reference are walk-ins we don't bill on.
		return nil
	}
	return permanentIfUnknown(h.sync.RecordCheck(ctx, evt))
}

func (h *Handlers) onReservationAcked(ctx context.Context, evt events.ReservationAcked) error {
	return permanentIfUnknown(h.sync.LinkReservation(ctx, evt))
}

func (h *Handlers) onWalkinCreated(ctx context.Context, evt events.WalkinCreated) error {
	id, err := h.sync.RecordWalkin(ctx, evt)
	if err != nil {
		return err
	}
	h.log.DebugContext(ctx, "walk-in recorded", "booking_id", id)
	return nil
}

// onBookingConfirmed relays a confirmed booking to the POS partner.
func (h *Handlers) onBookingConfirmed(ctx context.Context, msg jetstream.Msg) error {
	evt, err := decode[events.BookingConfirmed](msg)
	if err != nil {
		return err
	}
	reqID := ids.RequestID()
	log := h.log.With("request_id", reqID, "booking_id", evt.BookingID)

	res, err := h.sync.PushReservation(ctx, evt.BookingID, reqID)
	if err != nil {
		log.WarnContext(ctx, "push reservation failed", "err", err)
		return permanentIfUnknown(err)
	}
	log.InfoContext(ctx, "reservation pushed", "pos_reservation_id", res.ReservationID, "status", res.Status)
	return nil
}
