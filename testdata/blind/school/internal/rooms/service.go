// Package rooms books classrooms for class slots.
package rooms

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/platform/reqctx"
	"github.com/lingua/academy/internal/store"
)

// Service books rooms.
type Service struct {
	store store.Store
}

// NewService builds the room service.
func NewService(st store.Store) *Service { return &Service{store: st} }

// BookInput is the body of POST /v1/rooms/:room/bookings.
type BookInput struct {
	RoomID   string    `params:"room"`
	ClassID  string    `json:"class_id"`
	StartsAt time.Time `json:"starts_at"`
	Minutes  int       `json:"minutes"`
}

func (in *BookInput) Validate() error {
	if in.ClassID == "" || in.StartsAt.IsZero() {
		return errors.New("class_id and starts_at are required")
	}
	if in.Minutes <= 0 || in.Minutes > 240 {
		return errors.New("minutes must be between 1 and 240")
	}
	if in.StartsAt.Minute()%15 != 0 || in.StartsAt.Second() != 0 {
		return errors.New("slots start on the quarter hour")
	}
	return nil
}

// BookingView is a room booking in API responses.
type BookingView struct {
	ID       string    `json:"id"`
	RoomID   string    `json:"room_id"`
	ClassID  string    `json:"class_id"`
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
	created  bool
}

func (v BookingView) CreatedResource() bool { return v.created }

// Book reserves the room for the slot. Booking the same slot again for the
// same class returns the existing booking.
func (s *Service) Book(ctx context.Context, in BookInput) (BookingView, error) {
	room, err := s.store.GetRoom(ctx, in.RoomID)
	if errors.Is(err, store.ErrNotFound) {
		return BookingView{}, httpx.NotFound("room not found")
	}
	if err != nil {
		return BookingView{}, err
	}
	b := store.RoomBooking{
		ID:       uuid.NewString(),
		RoomID:   room.ID,
		StartsAt: in.StartsAt.UTC(),
		EndsAt:   in.StartsAt.UTC().Add(time.Duration(in.Minutes) * time.Minute),
		ClassID:  in.ClassID,
		BookedBy: reqctx.ActorFrom(ctx).ID,
	}
	inserted, err := s.store.InsertRoomBooking(ctx, b)
	if err != nil {
		return BookingView{}, err
	}
	if !inserted {
		existing, err := s.store.GetRoomBookingBySlot(ctx, room.ID, b.StartsAt)
		if err != nil {
			return BookingView{}, err
		}
		if existing.ClassID != in.ClassID {
			return BookingView{}, httpx.Conflict("room is already booked for that slot")
		}
		b = existing
	}
	return BookingView{ID: b.ID, RoomID: b.RoomID, ClassID: b.ClassID,
		StartsAt: b.StartsAt, EndsAt: b.EndsAt, created: inserted}, nil
}
