package scheduling

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/donor"
	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Service is the scheduling use-case API.
type Service interface {
	OpenSlots(ctx context.Context, centreID string, from, to time.Time) ([]Slot, error)
	Book(ctx context.Context, in BookInput) (Appointment, error)
	Cancel(ctx context.Context, appointmentID, reason string) (Appointment, error)
	CheckIn(ctx context.Context, appointmentID string) (Appointment, error)
	Reschedule(ctx context.Context, appointmentID, newSlotID string) (Appointment, error)
}

// DonorDirectory looks donors up for eligibility checks.
type DonorDirectory interface {
	Get(ctx context.Context, id string) (donor.Donor, error)
}

type service struct {
	store  *pgstore.Store
	repo   Repository
	donors DonorDirectory
	jobs   jobs.Inserter
	ids    ids.Generator
	now    clock.Now
	log    *slog.Logger
}

// NewService wires the scheduling service.
func NewService(store *pgstore.Store, repo Repository, donors DonorDirectory, inserter jobs.Inserter,
	gen ids.Generator, now clock.Now, log *slog.Logger) Service {
	return &service{
		store:  store,
		repo:   repo,
		donors: donors,
		jobs:   inserter,
		ids:    gen,
		now:    now,
		log:    log.With("component", "scheduling"),
	}
}

func (s *service) OpenSlots(ctx context.Context, centreID string, from, to time.Time) ([]Slot, error) {
	if to.Sub(from) > 31*24*time.Hour {
		return nil, apperr.Invalid("window may not exceed 31 days")
	}
	return s.repo.ListOpenSlots(ctx, s.store.DB(), centreID, from, to)
}

// checkFrequency enforces the donation frequency rules against completed
// donations around the requested start time.
func (s *service) checkFrequency(ctx context.Context, donorID string, startsAt time.Time) error {
	times, err := s.repo.RecentDonationTimes(ctx, s.store.DB(), donorID, startsAt.Add(-7*24*time.Hour))
	if err != nil {
		return err
	}
	if len(times) >= MaxDonationsPerWeek {
		return apperr.Precondition("donor has reached %d donations in 7 days", MaxDonationsPerWeek)
	}
	for _, t := range times {
		if d := startsAt.Sub(t); d >= 0 && d < MinHoursBetween*time.Hour {
			return apperr.Precondition("donations must be at least %d hours apart", MinHoursBetween)
		}
	}
	return nil
}

func scheduleReminder(ctx context.Context, tx pgx.Tx, ins jobs.Inserter, apptID string, startsAt, now time.Time) error {
	at := startsAt.Add(-jobs.ReminderLead)
	if !at.After(now) {
		return nil
	}
	_, err := ins.InsertTx(ctx, tx, jobs.ReminderArgs{AppointmentID: apptID}, &river.InsertOpts{ScheduledAt: at})
	return err
}

// Book reserves a chair in the slot for the donor and schedules the
// day-before reminder.
func (s *service) Book(ctx context.Context, in BookInput) (Appointment, error) {
	d, err := s.donors.Get(ctx, in.DonorID)
	if err != nil {
		return Appointment{}, err
	}
	if !d.Eligible() {
		return Appointment{}, apperr.Precondition("donor %s is %s", d.ID, d.Status)
	}
	if in.Source == "" {
		in.Source = "app"
	}
	now := s.now()
	appt := Appointment{
		ID:       s.ids.New(),
		DonorID:  in.DonorID,
		SlotID:   in.SlotID,
		Status:   StatusBooked,
		Source:   in.Source,
		BookedAt: now,
	}
	err = s.store.InTx(ctx, func(tx pgx.Tx) error {
		slot, err := s.repo.ReserveSeat(ctx, tx, in.SlotID)
		if err != nil {
			return err
		}
		if !slot.StartsAt.After(now) {
			return apperr.Precondition("slot %s has already started", slot.ID)
		}
		if err := s.checkFrequency(ctx, in.DonorID, slot.StartsAt); err != nil {
			return err
		}
		appt.CentreID = slot.CentreID
		appt.StartsAt = slot.StartsAt
		if err := s.repo.InsertAppointment(ctx, tx, appt); err != nil {
			return err
		}
		return scheduleReminder(ctx, tx, s.jobs, appt.ID, slot.StartsAt, now)
	})
	if err != nil {
		return Appointment{}, err
	}
	s.log.Info("appointment booked", "appointment_id", appt.ID, "donor_id", appt.DonorID, "slot_id", appt.SlotID)
	return appt, nil
}

// Cancel cancels an active appointment and frees its chair. Cancelling an
// already-cancelled appointment succeeds without change.
func (s *service) Cancel(ctx context.Context, appointmentID, reason string) (Appointment, error) {
	appt, err := s.repo.GetAppointment(ctx, s.store.DB(), appointmentID)
	if err != nil {
		return Appointment{}, err
	}
	if appt.Status == StatusCancelled {
		return appt, nil
	}
	if !appt.Active() {
		return Appointment{}, apperr.Precondition("appointment %s is %s", appt.ID, appt.Status)
	}
	now := s.now()
	if err := s.repo.MarkCancelled(ctx, s.store.DB(), appt.ID, reason, now); err != nil {
		return Appointment{}, err
	}
	if err := s.repo.ReleaseSeat(ctx, s.store.DB(), appt.SlotID); err != nil {
		return Appointment{}, err
	}
	appt.Status = StatusCancelled
	appt.CancelledAt = &now
	appt.CancelReason = reason
	return appt, nil
}

// CheckIn records the donor's arrival at the centre.
func (s *service) CheckIn(ctx context.Context, appointmentID string) (Appointment, error) {
	appt, ok, err := s.repo.MarkCheckedIn(ctx, s.store.DB(), appointmentID, s.now())
	if err != nil {
		return Appointment{}, err
	}
	if !ok {
		return Appointment{}, apperr.Precondition("appointment %s is %s", appt.ID, appt.Status)
	}
	return appt, nil
}

// Reschedule moves a booked appointment to another slot, swapping the
// chair reservation atomically.
func (s *service) Reschedule(ctx context.Context, appointmentID, newSlotID string) (Appointment, error) {
	now := s.now()
	var out Appointment
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		appt, err := s.repo.GetAppointmentForUpdate(ctx, tx, appointmentID)
		if err != nil {
			return err
		}
		if appt.SlotID == newSlotID {
			out = appt
			return nil
		}
		if appt.Status != StatusBooked {
			return apperr.Precondition("only booked appointments can be rescheduled (status %s)", appt.Status)
		}
		slot, err := s.repo.ReserveSeat(ctx, tx, newSlotID)
		if err != nil {
			return err
		}
		if !slot.StartsAt.After(now) {
			return apperr.Precondition("slot %s has already started", slot.ID)
		}
		if err := s.repo.ReleaseSeat(ctx, tx, appt.SlotID); err != nil {
			return err
		}
		if err := s.repo.MoveToSlot(ctx, tx, appt.ID, slot.ID, slot.CentreID); err != nil {
			return err
		}
		appt.SlotID, appt.CentreID, appt.StartsAt = slot.ID, slot.CentreID, slot.StartsAt
		out = appt
		return scheduleReminder(ctx, tx, s.jobs, appt.ID, slot.StartsAt, now)
	})
	if err != nil {
		return Appointment{}, err
	}
	return out, nil
}
