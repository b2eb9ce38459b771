// Package appointment books and cancels truck appointments at the gate.
package appointment

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
)

// Repository is the appointment store.
type Repository interface {
	TakeWindowCapacity(ctx context.Context, windowID string) (bool, error)
	ReturnWindowCapacity(ctx context.Context, windowID string) error
	Insert(ctx context.Context, a *domain.TruckAppointment) error
	Get(ctx context.Context, id string) (*domain.TruckAppointment, error)
	Transition(ctx context.Context, id, from, to string) (bool, error)
}

// ContainerLookup checks the container a booking refers to.
type ContainerLookup interface {
	Get(ctx context.Context, containerNo string) (*domain.Container, error)
}

// Service implements appointment booking.
type Service struct {
	uow        db.UnitOfWork
	appts      Repository
	containers ContainerLookup
}

// NewService wires the service.
func NewService(uow db.UnitOfWork, appts Repository, containers ContainerLookup) *Service {
	return &Service{uow: uow, appts: appts, containers: containers}
}

var plateRe = regexp.MustCompile(`^[A-Z0-9-]{4,12}$`)

// BookRequest is a haulier's booking.
type BookRequest struct {
	WindowID    string `json:"window_id"`
	HaulierCode string `json:"haulier_code"`
	TruckPlate  string `json:"truck_plate"`
	DriverPhone string `json:"driver_phone"`
	ContainerNo string `json:"container_no"`
	Kind        string `json:"kind"`
}

func (r *BookRequest) normalise() error {
	r.TruckPlate = strings.ToUpper(strings.ReplaceAll(r.TruckPlate, " ", ""))
	r.ContainerNo = strings.ToUpper(strings.TrimSpace(r.ContainerNo))
	switch {
	case r.WindowID == "" || r.HaulierCode == "":
		return fmt.Errorf("%w: window_id and haulier_code are required", httpx.ErrValidation)
	case !plateRe.MatchString(r.TruckPlate):
		return fmt.Errorf("%w: truck_plate", httpx.ErrValidation)
	case r.Kind != "pickup" && r.Kind != "dropoff":
		return fmt.Errorf("%w: kind must be pickup or dropoff", httpx.ErrValidation)
	}
	return nil
}

// Book reserves window capacity and stores the appointment.
func (s *Service) Book(ctx context.Context, req BookRequest) (*domain.TruckAppointment, error) {
	if err := req.normalise(); err != nil {
		return nil, err
	}
	if req.Kind == "pickup" {
		c, err := s.containers.Get(ctx, req.ContainerNo)
		if errors.Is(err, db.ErrNotFound) {
			return nil, fmt.Errorf("%w: container %s is not at the terminal", httpx.ErrValidation, req.ContainerNo)
		}
		if err != nil {
			return nil, err
		}
		if c.CustomsStatus == domain.HoldActive {
			return nil, fmt.Errorf("%w: container %s is under customs hold", httpx.ErrConflict, req.ContainerNo)
		}
	}
	appt := &domain.TruckAppointment{
		WindowID:    req.WindowID,
		HaulierCode: req.HaulierCode,
		TruckPlate:  req.TruckPlate,
		DriverPhone: req.DriverPhone,
		ContainerNo: req.ContainerNo,
		Kind:        req.Kind,
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		ok, err := s.appts.TakeWindowCapacity(ctx, req.WindowID)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: window %s is full", httpx.ErrConflict, req.WindowID)
		}
		return s.appts.Insert(ctx, appt)
	})
	if err != nil {
		return nil, err
	}
	return appt, nil
}

// Cancel cancels a booked appointment and frees its place in the window.
// Cancelling twice is harmless: the second call finds nothing booked.
func (s *Service) Cancel(ctx context.Context, id string) (*domain.TruckAppointment, error) {
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		appt, err := s.appts.Get(ctx, id)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("%w: appointment %s", httpx.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		moved, err := s.appts.Transition(ctx, id, domain.ApptBooked, domain.ApptCancelled)
		if err != nil || !moved {
			return err
		}
		return s.appts.ReturnWindowCapacity(ctx, appt.WindowID)
	})
	if err != nil {
		return nil, err
	}
	return s.appts.Get(ctx, id)
}
