// Package messaging implements secure messages between patients and the
// care team about an appointment.
package messaging

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
)

// Store persists messages.
type Store interface {
	Insert(ctx context.Context, m *domain.CareMessage) error
}

// Appointments checks thread membership.
type Appointments interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
}

// Service implements care messaging.
type Service struct {
	store Store
	appts Appointments
}

func NewService(store Store, appts Appointments) *Service {
	return &Service{store: store, appts: appts}
}

// SendRequest is a new message in an appointment's thread.
type SendRequest struct {
	AppointmentID uuid.UUID
	SenderID      uuid.UUID
	Body          string
}

// Send stores a message in the appointment thread.
func (s *Service) Send(ctx context.Context, req SendRequest) (*domain.CareMessage, error) {
	body := strings.TrimSpace(req.Body)
	if body == "" || len(body) > 4000 {
		return nil, fmt.Errorf("message body must be 1-4000 characters: %w", domain.ErrInvalidArgument)
	}
	appt, err := s.appts.Get(ctx, req.AppointmentID)
	if err != nil {
		return nil, err
	}
	role := ""
	switch req.SenderID {
	case appt.PatientID:
		role = "patient"
	case appt.ClinicianID:
		role = "clinician"
	default:
		return nil, fmt.Errorf("sender is not on this appointment: %w", domain.ErrInvalidArgument)
	}

	m := &domain.CareMessage{
		AppointmentID: appt.ID,
		SenderID:      req.SenderID,
		SenderRole:    role,
		Body:          body,
	}
	if err := s.store.Insert(ctx, m); err != nil {
		return nil, err
	}
	return m, nil
}
