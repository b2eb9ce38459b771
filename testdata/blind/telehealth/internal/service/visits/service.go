// Package visits runs the live part of an appointment: opening the video
// room and completing the visit.
package visits

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/providers/video"
	"github.com/carelink/telehealth/internal/store"
)

// Appointments is the persistence used by the visit service.
type Appointments interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
	SetVideoRoom(ctx context.Context, id uuid.UUID, roomID, joinURL string) error
	Complete(ctx context.Context, id uuid.UUID) error
}

// Clinicians loads clinician pay rates.
type Clinicians interface {
	Clinician(ctx context.Context, id uuid.UUID) (*domain.Clinician, error)
}

// Payouts accrues clinician earnings.
type Payouts interface {
	Accrue(ctx context.Context, clinicianID uuid.UUID, period string, cents int64) error
}

// Service implements visit start and completion.
type Service struct {
	appts      Appointments
	clinicians Clinicians
	payouts    Payouts
	rooms      video.Rooms
	log        *slog.Logger
	now        func() time.Time
	earlyJoin  time.Duration
}

func NewService(appts Appointments, clinicians Clinicians, payouts Payouts, rooms video.Rooms, log *slog.Logger) *Service {
	return &Service{appts: appts, clinicians: clinicians, payouts: payouts, rooms: rooms, log: log,
		now: time.Now, earlyJoin: 15 * time.Minute}
}

// StartResult carries the join link for the clinician.
type StartResult struct {
	Appointment *domain.Appointment
	RoomID      string
	JoinURL     string
}

// Start opens the video room for an appointment, or returns the room it
// already has.
func (s *Service) Start(ctx context.Context, apptID uuid.UUID) (*StartResult, error) {
	appt, err := s.appts.Get(ctx, apptID)
	if err != nil {
		return nil, err
	}
	if appt.VideoRoomID != nil && appt.VideoJoinURL != nil {
		return &StartResult{Appointment: appt, RoomID: *appt.VideoRoomID, JoinURL: *appt.VideoJoinURL}, nil
	}
	if !appt.Live() {
		return nil, domain.ErrInvalidState
	}
	if s.now().Before(appt.SlotStart.Add(-s.earlyJoin)) {
		return nil, fmt.Errorf("visit opens %s before the slot: %w", s.earlyJoin, domain.ErrInvalidState)
	}

	room, err := s.rooms.CreateRoom(ctx, video.RoomSpec{
		ExternalID:     appt.ID.String(),
		ExpiresAt:      appt.SlotStart.Add(time.Duration(appt.SlotMinutes)*time.Minute + time.Hour),
		MaxParticipant: 4,
		Record:         true,
		WaitingRoom:    true,
	})
	if err != nil {
		return nil, err
	}
	if err := s.appts.SetVideoRoom(ctx, appt.ID, room.ID, room.JoinURL); err != nil {
		return nil, err
	}
	appt.VideoRoomID, appt.VideoJoinURL = &room.ID, &room.JoinURL
	appt.Status = domain.StatusInProgress
	return &StartResult{Appointment: appt, RoomID: room.ID, JoinURL: room.JoinURL}, nil
}

// step is one unit of the completion workflow.
type step struct {
	name string
	run  func(ctx context.Context) error
}

func runSteps(ctx context.Context, log *slog.Logger, steps ...step) error {
	for _, st := range steps {
		if err := st.run(ctx); err != nil {
			log.Error("visit completion step failed", "step", st.name, "err", err)
			return fmt.Errorf("%s: %w", st.name, err)
		}
	}
	return nil
}

// Complete closes the visit: the clinician's payout accrues and the
// appointment moves to completed.
func (s *Service) Complete(ctx context.Context, apptID uuid.UUID) (*domain.Appointment, error) {
	appt, err := s.appts.Get(ctx, apptID)
	if err != nil {
		return nil, err
	}
	if appt.Status == domain.StatusCompleted {
		return appt, nil
	}
	if appt.Status != domain.StatusInProgress {
		return nil, domain.ErrInvalidState
	}
	clin, err := s.clinicians.Clinician(ctx, appt.ClinicianID)
	if err != nil {
		return nil, err
	}
	period := store.PayPeriod(appt.SlotStart)

	err = runSteps(ctx, s.log,
		step{"accrue payout", func(ctx context.Context) error {
			return s.payouts.Accrue(ctx, clin.ID, period, clin.VisitRateCents)
		}},
		step{"complete appointment", func(ctx context.Context) error {
			return s.appts.Complete(ctx, appt.ID)
		}},
	)
	if err != nil {
		return nil, err
	}
	return s.appts.Get(ctx, appt.ID)
}
