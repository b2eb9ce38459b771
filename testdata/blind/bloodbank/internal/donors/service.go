// Package donors manages donor appointments.
package donors

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/hemolink-systems/bloodbank/internal/domain"
)

// BookRequest is what the donor app sends to reserve a slot.
type BookRequest struct {
	SiteID       uuid.UUID `json:"site_id"`
	SlotStart    time.Time `json:"slot_start"`
	DonationType string    `json:"donation_type"`
}

// Service books and cancels appointments.
type Service interface {
	Book(ctx context.Context, donorID uuid.UUID, req BookRequest) (domain.Appointment, error)
	Cancel(ctx context.Context, donorID, apptID uuid.UUID) error
}

type service struct {
	repo Repository
	now  func() time.Time
}

func NewService(repo Repository) Service {
	return &service{repo: repo, now: time.Now}
}

var donationIntervals = map[string]time.Duration{
	"whole_blood": 56 * 24 * time.Hour,
	"plasma":      14 * 24 * time.Hour,
	"platelets":   14 * 24 * time.Hour,
}

func (s *service) Book(ctx context.Context, donorID uuid.UUID, req BookRequest) (domain.Appointment, error) {
	if req.DonationType == "" {
		req.DonationType = "whole_blood"
	}
	if _, ok := donationIntervals[req.DonationType]; !ok {
		return domain.Appointment{}, fmt.Errorf("donation type %q: %w", req.DonationType, domain.ErrInvalid)
	}
	now := s.now()
	if !req.SlotStart.After(now) {
		return domain.Appointment{}, fmt.Errorf("slot in the past: %w", domain.ErrInvalid)
	}

	donor, err := s.repo.GetDonor(ctx, donorID)
	if err != nil {
		return domain.Appointment{}, err
	}
	if donor.DeferredUntil != nil && donor.DeferredUntil.After(req.SlotStart) {
		return domain.Appointment{}, fmt.Errorf("donor deferred until %s: %w",
			donor.DeferredUntil.Format(time.DateOnly), domain.ErrConflict)
	}

	capacity, err := s.repo.SiteCapacity(ctx, req.SiteID)
	if err != nil {
		return domain.Appointment{}, err
	}
	booked, err := s.repo.CountBooked(ctx, req.SiteID, req.SlotStart)
	if err != nil {
		return domain.Appointment{}, err
	}
	if booked >= capacity {
		return domain.Appointment{}, fmt.Errorf("slot full: %w", domain.ErrConflict)
	}

	appt := domain.Appointment{
		ID:           uuid.New(),
		DonorID:      donorID,
		SiteID:       req.SiteID,
		SlotStart:    req.SlotStart.UTC(),
		DonationType: req.DonationType,
		Status:       "booked",
		CreatedAt:    now.UTC(),
	}
	if err := s.repo.InsertAppointment(ctx, appt); err != nil {
		return domain.Appointment{}, fmt.Errorf("insert appointment: %w", err)
	}
	return appt, nil
}

func (s *service) Cancel(ctx context.Context, donorID, apptID uuid.UUID) error {
	changed, err := s.repo.CancelAppointment(ctx, donorID, apptID)
	if err != nil {
		return err
	}
	if changed {
		return nil
	}
	// Nothing changed: either it was already cancelled (a repeated request,
	// fine) or it is in a state that cannot be cancelled.
	appt, err := s.repo.GetAppointment(ctx, apptID)
	if err != nil {
		return err
	}
	if appt.DonorID != donorID {
		return fmt.Errorf("appointment %s: %w", apptID, domain.ErrNotFound)
	}
	if appt.Status == "cancelled" {
		return nil
	}
	return errors.Join(domain.ErrConflict, fmt.Errorf("appointment is %s", appt.Status))
}
