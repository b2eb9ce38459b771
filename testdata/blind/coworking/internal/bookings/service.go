// Package bookings handles desk and meeting-room reservations.
package bookings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/events"
	"github.com/deskhive/coworking/internal/idempotency"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/outbox"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// Errors returned by the service.
var (
	ErrDeskTaken    = errors.New("desk is already booked for that day")
	ErrRoomTaken    = errors.New("room is already booked for that time")
	ErrNotFound     = errors.New("booking not found")
	ErrOverCapacity = errors.New("attendees exceed room capacity")
	ErrKeyConflict  = errors.New("idempotency key conflict")
)

// DeskInput books a hot desk for a day.
type DeskInput struct {
	MemberID uuid.UUID
	DeskID   uuid.UUID
	Date     time.Time
}

// RoomInput books a meeting room for a slot.
type RoomInput struct {
	IdempotencyKey string
	MemberID       uuid.UUID
	RoomID         uuid.UUID
	StartsAt       time.Time
	EndsAt         time.Time
	Attendees      int32
	Catering       bool
}

// Result carries a response that can be replayed for a repeated request.
type Result struct {
	Status int
	Body   []byte
}

// Service is the bookings API used by HTTP handlers.
type Service interface {
	BookDesk(ctx context.Context, in DeskInput) (db.DeskBooking, error)
	BookRoom(ctx context.Context, in RoomInput) (Result, error)
	CancelRoom(ctx context.Context, bookingID, memberID uuid.UUID, reason string) (db.RoomBooking, error)
}

type service struct {
	store    store.Store
	pub      events.Publisher
	enqueuer tasks.Enqueuer
	grace    time.Duration
	log      *slog.Logger
}

// Options configures the service.
type Options struct {
	NoShowGrace time.Duration
}

// NewService builds the bookings service.
func NewService(s store.Store, pub events.Publisher, enq tasks.Enqueuer, opts Options, log *slog.Logger) Service {
	return &service{store: s, pub: pub, enqueuer: enq, grace: opts.NoShowGrace, log: log}
}

func (s *service) BookDesk(ctx context.Context, in DeskInput) (db.DeskBooking, error) {
	b, err := s.store.InsertDeskBooking(ctx, db.InsertDeskBookingParams{
		ID:          idgen.NewID(),
		MemberID:    in.MemberID,
		DeskID:      in.DeskID,
		BookingDate: in.Date,
	})
	if store.IsUniqueViolation(err, "desk_bookings_desk_day_key") {
		return db.DeskBooking{}, ErrDeskTaken
	}
	if err != nil {
		return db.DeskBooking{}, fmt.Errorf("insert desk booking: %w", err)
	}
	return b, nil
}

const roomBookingScope = "room-booking"

func (s *service) BookRoom(ctx context.Context, in RoomInput) (Result, error) {
	hash := idempotency.Hash(fmt.Appendf(nil, "%s|%s|%s|%s|%d|%t",
		in.MemberID, in.RoomID, in.StartsAt.UTC().Format(time.RFC3339), in.EndsAt.UTC().Format(time.RFC3339), in.Attendees, in.Catering))

	var (
		res     Result
		booking db.RoomBooking
		member  db.Member
		fresh   bool
	)
	err := s.store.ExecTx(ctx, func(q *db.Queries) error {
		replay, err := idempotency.Claim(ctx, q, roomBookingScope, in.IdempotencyKey, hash)
		if err != nil {
			return err
		}
		if replay != nil {
			res = Result{Status: replay.Status, Body: replay.Body}
			return nil
		}

		room, err := q.GetRoom(ctx, in.RoomID)
		if err != nil {
			return fmt.Errorf("load room: %w", err)
		}
		if in.Attendees > room.Capacity {
			return ErrOverCapacity
		}
		overlap, err := q.CountOverlappingRoomBookings(ctx, db.CountOverlappingRoomBookingsParams{
			RoomID: in.RoomID, StartsAt: in.StartsAt, EndsAt: in.EndsAt,
		})
		if err != nil {
			return err
		}
		if overlap > 0 {
			return ErrRoomTaken
		}

		booking, err = q.InsertRoomBooking(ctx, db.InsertRoomBookingParams{
			ID:        idgen.NewID(),
			MemberID:  in.MemberID,
			RoomID:    in.RoomID,
			StartsAt:  in.StartsAt,
			EndsAt:    in.EndsAt,
			Attendees: in.Attendees,
			Catering:  in.Catering,
		})
		if err != nil {
			return fmt.Errorf("insert room booking: %w", err)
		}
		if member, err = q.GetMember(ctx, in.MemberID); err != nil {
			return err
		}
		minutes := int32(booking.EndsAt.Sub(booking.StartsAt) / time.Minute)
		if err := q.InsertUsageRecord(ctx, db.InsertUsageRecordParams{
			ID:            idgen.NewID(),
			MemberID:      booking.MemberID,
			RoomBookingID: booking.ID,
			Period:        tasks.Period(booking.StartsAt),
			Minutes:       minutes,
			AmountCents:   room.HourlyRateCents * int64(minutes) / 60,
		}); err != nil {
			return fmt.Errorf("record usage: %w", err)
		}

		if err := outbox.Add(ctx, q, events.SubjectRoomBooked, events.SubjectRoomBooked, events.RoomBooked{
			BookingID: booking.ID,
			MemberID:  booking.MemberID,
			RoomID:    booking.RoomID,
			RoomName:  room.Name,
			StartsAt:  booking.StartsAt,
			EndsAt:    booking.EndsAt,
			Attendees: int(booking.Attendees),
			Catering:  booking.Catering,
		}); err != nil {
			return err
		}

		body, err := json.Marshal(booking)
		if err != nil {
			return err
		}
		res = Result{Status: http.StatusCreated, Body: body}
		fresh = true
		return idempotency.Complete(ctx, q, roomBookingScope, in.IdempotencyKey, res.Status, res.Body)
	})
	if errors.Is(err, idempotency.ErrKeyReused) || errors.Is(err, idempotency.ErrInFlight) {
		return Result{}, fmt.Errorf("%w: %v", ErrKeyConflict, err)
	}
	if err != nil {
		return Result{}, err
	}
	if fresh {
		s.scheduleFollowUps(ctx, booking, member)
	}
	return res, nil
}

// scheduleFollowUps queues the no-show check and the company notification.
// Both tasks carry IDs derived from the booking, so a second enqueue for the
// same booking is dropped by asynq.
func (s *service) scheduleFollowUps(ctx context.Context, b db.RoomBooking, m db.Member) {
	noShow, err := tasks.New(tasks.TypeReleaseNoShow, tasks.BookingPayload{BookingID: b.ID},
		asynq.TaskID(idgen.Derived("noshow", b.ID.String())),
		asynq.ProcessAt(b.StartsAt.Add(s.grace)),
		asynq.Queue(tasks.QueueDefault),
	)
	if err == nil {
		err = s.enqueuer.Enqueue(ctx, noShow)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "schedule no-show check", "booking_id", b.ID, "err", err)
	}

	if !m.CompanyID.Valid {
		return
	}
	notify, err := tasks.New(tasks.TypeCompanyNotify, tasks.CompanyNotifyPayload{
		CompanyID: m.CompanyID.UUID, BookingID: b.ID, Event: "room_booking.created",
	}, asynq.TaskID(idgen.Derived("company-notify", b.ID.String(), "created")), asynq.Queue(tasks.QueueLow))
	if err == nil {
		err = s.enqueuer.Enqueue(ctx, notify)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "enqueue company notification", "booking_id", b.ID, "err", err)
	}
}

func (s *service) CancelRoom(ctx context.Context, bookingID, memberID uuid.UUID, reason string) (db.RoomBooking, error) {
	b, err := s.store.CancelRoomBooking(ctx, db.CancelRoomBookingParams{ID: bookingID, MemberID: memberID})
	if store.IsNotFound(err) {
		return db.RoomBooking{}, ErrNotFound
	}
	if err != nil {
		return db.RoomBooking{}, fmt.Errorf("cancel booking: %w", err)
	}

	env, err := events.New(events.SubjectRoomCancelled).Data(events.RoomCancelled{
		BookingID: b.ID,
		MemberID:  b.MemberID,
		RoomID:    b.RoomID,
		StartsAt:  b.StartsAt,
		EndsAt:    b.EndsAt,
		Reason:    reason,
	}).Build()
	if err != nil {
		return db.RoomBooking{}, err
	}
	if err := s.pub.Publish(ctx, events.SubjectRoomCancelled, env); err != nil {
		return db.RoomBooking{}, err
	}
	return b, nil
}
