// Package hotel takes attendees' room requests against the conference's
// room block. Booking with the partner happens asynchronously in the worker.
package hotel

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
)

// Service is the hotel use-case API.
type Service interface {
	RequestRoom(ctx context.Context, in RoomInput) (*domain.RoomRequest, error)
}

// RoomInput is an attendee's room request.
type RoomInput struct {
	RegistrationID uuid.UUID
	CheckIn        time.Time
	CheckOut       time.Time
	Guests         int
}

// Registrations reads registrations.
type Registrations interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Registration, error)
}

// Store is the hotel persistence the service needs.
type Store interface {
	OpenBlockFor(ctx context.Context, conferenceID uuid.UUID) (*domain.RoomBlock, error)
	CreateRequest(ctx context.Context, req *domain.RoomRequest) (bool, error)
}

type service struct {
	regs  Registrations
	store Store
	now   func() time.Time
}

// New builds the service.
func New(regs Registrations, st Store) Service {
	return &service{regs: regs, store: st, now: time.Now}
}

func (s *service) RequestRoom(ctx context.Context, in RoomInput) (*domain.RoomRequest, error) {
	if !in.CheckOut.After(in.CheckIn) {
		return nil, fmt.Errorf("dates: %w", domain.ErrInvalidInput)
	}
	if in.Guests == 0 {
		in.Guests = 1
	}
	reg, err := s.regs.Get(ctx, in.RegistrationID)
	if err != nil {
		return nil, err
	}
	if reg.Status != domain.RegistrationConfirmed {
		return nil, fmt.Errorf("registration %s is %s: %w", reg.ID, reg.Status, domain.ErrConflict)
	}
	block, err := s.store.OpenBlockFor(ctx, reg.ConferenceID)
	if err != nil {
		return nil, err
	}
	if !block.CutoffOn.After(s.now()) {
		return nil, fmt.Errorf("room block closed on %s: %w", block.CutoffOn.Format(time.DateOnly), domain.ErrConflict)
	}

	now := s.now().UTC()
	req := &domain.RoomRequest{
		ID:             uuid.New(),
		RegistrationID: reg.ID,
		BlockID:        block.ID,
		CheckIn:        in.CheckIn,
		CheckOut:       in.CheckOut,
		Guests:         in.Guests,
		Status:         domain.RoomRequested,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	if _, err := s.store.CreateRequest(ctx, req); err != nil {
		return nil, fmt.Errorf("create room request: %w", err)
	}
	return req, nil
}
