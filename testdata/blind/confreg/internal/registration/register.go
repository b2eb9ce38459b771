package registration

import (
	"context"
	"fmt"
	"net/mail"
	"strings"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
)

func (s *service) Register(ctx context.Context, in RegisterInput) (*domain.Registration, error) {
	addr, err := mail.ParseAddress(strings.TrimSpace(in.Email))
	if err != nil {
		return nil, fmt.Errorf("email: %w", domain.ErrInvalidInput)
	}
	if strings.TrimSpace(in.FullName) == "" {
		return nil, fmt.Errorf("full_name: %w", domain.ErrInvalidInput)
	}
	conf, err := s.Conferences.BySlug(ctx, in.ConferenceSlug)
	if err != nil {
		return nil, err
	}

	now := s.now().UTC()
	reg := &domain.Registration{
		ID:           s.newID(),
		ConferenceID: conf.ID,
		Email:        strings.ToLower(addr.Address),
		FullName:     strings.TrimSpace(in.FullName),
		Company:      strings.TrimSpace(in.Company),
		JobTitle:     strings.TrimSpace(in.JobTitle),
		Status:       domain.RegistrationPending,
		CreatedAt:    now,
		UpdatedAt:    now,
	}
	if err := s.Registrations.Upsert(ctx, reg); err != nil {
		return nil, fmt.Errorf("upsert registration: %w", err)
	}
	return reg, nil
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (*domain.Registration, error) {
	return s.Registrations.Get(ctx, id)
}

func (s *service) PlaceOrder(ctx context.Context, in OrderInput) (*domain.TicketOrder, error) {
	if in.Quantity < 1 || in.Quantity > s.maxOrder {
		return nil, fmt.Errorf("quantity: %w", domain.ErrInvalidInput)
	}
	reg, err := s.Registrations.Get(ctx, in.RegistrationID)
	if err != nil {
		return nil, err
	}
	if reg.Status == domain.RegistrationCancelled {
		return nil, domain.ErrRegistrationCancelled
	}
	tt, err := s.TicketTypes.ByCode(ctx, reg.ConferenceID, in.TicketCode)
	if err != nil {
		return nil, err
	}
	conf, err := s.Conferences.Get(ctx, reg.ConferenceID)
	if err != nil {
		return nil, err
	}

	now := s.now().UTC()
	order := &domain.TicketOrder{
		ID:             s.newID(),
		RegistrationID: reg.ID,
		TicketTypeID:   tt.ID,
		Quantity:       in.Quantity,
		AmountCents:    tt.PriceCents * int64(in.Quantity),
		Currency:       conf.Currency,
		Status:         domain.OrderHeld,
		HoldExpiresAt:  now.Add(s.holdTTL),
		CreatedAt:      now,
	}
	if err := s.Orders.PlaceHold(ctx, order); err != nil {
		return nil, fmt.Errorf("place hold: %w", err)
	}
	return order, nil
}
