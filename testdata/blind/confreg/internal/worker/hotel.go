package worker

import (
	"context"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/hotelpartner"
	"github.com/halcyonevents/confreg/internal/store"
)

// RoomStore reads room requests and blocks.
type RoomStore interface {
	Request(ctx context.Context, id uuid.UUID) (*domain.RoomRequest, error)
	Block(ctx context.Context, id uuid.UUID) (*domain.RoomBlock, error)
}

// Reserver books rooms with the hotel partner.
type Reserver interface {
	Reserve(ctx context.Context, req hotelpartner.ReserveRequest) (*hotelpartner.Reservation, error)
}

// Transactor runs fn in a transaction.
type Transactor interface {
	Do(ctx context.Context, fn func(r *store.Repos) error) error
}

// RoomReserver books the room an attendee asked for.
type RoomReserver struct {
	rooms   RoomStore
	regs    RegistrationReader
	partner Reserver
	tx      Transactor
	now     func() time.Time
}

// NewRoomReserver returns a RoomReserver.
func NewRoomReserver(rooms RoomStore, regs RegistrationReader, partner Reserver, tx Transactor) *RoomReserver {
	return &RoomReserver{rooms: rooms, regs: regs, partner: partner, tx: tx, now: time.Now}
}

// Handle processes hotel.room_requested.
func (h *RoomReserver) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.RoomRequested](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	req, err := h.rooms.Request(ctx, ev.RequestID)
	if err != nil {
		return err
	}
	if req.Status != domain.RoomRequested {
		return nil
	}
	block, err := h.rooms.Block(ctx, req.BlockID)
	if err != nil {
		return err
	}
	reg, err := h.regs.Get(ctx, req.RegistrationID)
	if err != nil {
		return err
	}

	res, err := h.partner.Reserve(ctx, hotelpartner.ReserveRequest{
		BlockCode:  block.PartnerBlockCode,
		GuestName:  reg.FullName,
		GuestEmail: reg.Email,
		CheckIn:    req.CheckIn.Format(time.DateOnly),
		CheckOut:   req.CheckOut.Format(time.DateOnly),
		Guests:     req.Guests,
	})
	if err != nil {
		return fmt.Errorf("reserve room for request %s: %w", req.ID, err)
	}

	now := h.now().UTC()
	return h.tx.Do(ctx, func(r *store.Repos) error {
		if err := r.Hotel.MarkReserved(ctx, req.ID, res.ConfirmationNumber, now); err != nil {
			return err
		}
		return r.Hotel.CountReserved(ctx, block.ID)
	})
}
