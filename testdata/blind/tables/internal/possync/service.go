// Package possync keeps bookings in step with the TillPoint POS: it applies
// POS floor events to bookings and pushes confirmed bookings to the POS.
package possync

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/tablewise/reservations/internal/audit"
	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/events"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/pos"
	"github.com/tablewise/reservations/internal/store"
)

// ErrUnknownBooking is returned for POS events that reference a booking we do
// not have; such messages are terminated rather than redelivered.
var ErrUnknownBooking = errors.New("possync: unknown booking reference")

type Service interface {
	MarkSeated(ctx context.Context, evt events.TableSeated) error
	RecordCheck(ctx context.Context, evt events.CheckClosed) error
	LinkReservation(ctx context.Context, evt events.ReservationAcked) error
	RecordWalkin(ctx context.Context, evt events.WalkinCreated) (string, error)
	PushReservation(ctx context.Context, bookingID, requestKey string) (pos.PushResult, error)
}

type service struct {
	st  *store.Store
	pos pos.Client
	log *slog.Logger
}

func New(st *store.Store, client pos.Client, log *slog.Logger) Service {
	return &service{st: st, pos: client, log: log.With("component", "possync")}
}

func (s *service) booking(ctx context.Context, ref string) (db.Booking, error) {
	b, err := s.st.GetBooking(ctx, ref)
	if store.IsNotFound(err) {
		return db.Booking{}, ErrUnknownBooking
	}
	return b, err
}

// MarkSeated moves a confirmed booking to seated. Already-seated bookings are
// left as they are.
func (s *service) MarkSeated(ctx context.Context, evt events.TableSeated) error {
	return s.st.ExecTx(ctx, func(q *db.Queries) error {
		n, err := q.MarkBookingSeated(ctx, db.MarkBookingSeatedParams{
			ID:       evt.ExternalRef,
			SeatedAt: pgconv.Time(evt.SeatedAt),
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		return audit.Record(ctx, q, evt.ExternalRef, "seated", audit.ActorPOS, map[string]any{"table_id": evt.TableID})
	})
}

// RecordCheck stores the spend on a closed check against the booking.
func (s *service) RecordCheck(ctx context.Context, evt events.CheckClosed) error {
	b, err := s.booking(ctx, evt.ExternalRef)
	if err != nil {
		return err
	}
	return s.st.InsertBookingSpend(ctx, db.InsertBookingSpendParams{
		ID:            ids.New(ids.PrefixSpend),
		BookingID:     b.ID,
		RestaurantID:  b.RestaurantID,
		PosCheckID:    evt.CheckID,
		SubtotalCents: evt.SubtotalCents,
		TipCents:      evt.TipCents,
		ClosedAt:      pgconv.Time(evt.ClosedAt),
	})
}

// LinkReservation records the POS's reservation ID for a pushed booking.
func (s *service) LinkReservation(ctx context.Context, evt events.ReservationAcked) error {
	b, err := s.booking(ctx, evt.ExternalRef)
	if err != nil {
		return err
	}
	return s.st.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.InsertPosReservationLink(ctx, db.InsertPosReservationLinkParams{
			PosReservationID: evt.POSReservationID,
			BookingID:        b.ID,
			LocationID:       evt.LocationID,
			AckedAt:          pgconv.Time(evt.AckedAt),
		}); err != nil {
			return fmt.Errorf("possync: link reservation: %w", err)
		}
		return q.SetBookingPosReservation(ctx, db.SetBookingPosReservationParams{
			ID:               b.ID,
			PosReservationID: pgconv.Text(evt.POSReservationID),
		})
	})
}

// RecordWalkin creates a seated walk-in booking. The booking ID is derived
// from the POS walk-in ID so the same walk-in always maps to one booking.
func (s *service) RecordWalkin(ctx context.Context, evt events.WalkinCreated) (string, error) {
	id := "wk_" + ids.FromPartner(evt.LocationID, evt.WalkinID).String()
	minutes := evt.Minutes
	if minutes <= 0 {
		minutes = 90
	}
	err := s.st.ExecTx(ctx, func(q *db.Queries) error {
		n, err := q.InsertWalkinBooking(ctx, db.InsertWalkinBookingParams{
			ID:           id,
			RestaurantID: evt.RestaurantID,
			PartySize:    int32(evt.Covers),
			GuestName:    evt.GuestName,
			StartsAt:     pgconv.Time(evt.SeatedAt),
			EndsAt:       pgconv.Time(evt.SeatedAt.Add(time.Duration(minutes) * time.Minute)),
		})
		if err != nil || n == 0 {
			return err
		}
		return audit.Record(ctx, q, id, "walkin", audit.ActorPOS, map[string]any{"walkin_id": evt.WalkinID})
	})
	return id, err
}

// PushReservation sends a confirmed booking to the POS.
func (s *service) PushReservation(ctx context.Context, bookingID, requestKey string) (pos.PushResult, error) {
	b, err := s.booking(ctx, bookingID)
	if err != nil {
		return pos.PushResult{}, err
	}
	if b.Status != "confirmed" {
		s.log.InfoContext(ctx, "skip push for non-confirmed booking", "booking_id", b.ID, "status", b.Status)
		return pos.PushResult{}, nil
	}
	r, err := s.st.GetRestaurant(ctx, b.RestaurantID)
	if err != nil {
		return pos.PushResult{}, err
	}
	if !r.PosLocationID.Valid {
		return pos.PushResult{}, nil
	}
	slot, err := s.st.GetSlot(ctx, b.SlotID.String)
	if err != nil {
		return pos.PushResult{}, err
	}
	var phone string
	if b.DinerID.Valid {
		if d, err := s.st.GetDiner(ctx, b.DinerID.String); err == nil {
			phone = d.Phone
		}
	}
	var deposit int64
	if dep, err := s.st.GetDepositByBooking(ctx, b.ID); err == nil && dep.Status == "succeeded" {
		deposit = dep.AmountCents
	}
	return s.pos.PushReservation(ctx, pos.ReservationPush{
		LocationID:  r.PosLocationID.String,
		RequestKey:  requestKey,
		ExternalRef: b.ID,
		GuestName:   b.GuestName,
		GuestPhone:  phone,
		Covers:      int(b.PartySize),
		TableID:     slot.TableID,
		StartsAt:    b.StartsAt.Time,
		DepositPaid: deposit,
	})
}
