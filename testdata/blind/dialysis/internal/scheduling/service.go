// Package scheduling is the chair scheduling engine: recurring schedules,
// chair slot reservations and the weekly materialization of treatment
// sessions.
package scheduling

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/store"
)

// RideCanceller queues cancellation of transport booked for a session.
type RideCanceller interface {
	EnqueueRideCancellation(ctx context.Context, rideID uuid.UUID, reason string) error
}

type Service struct {
	store *store.Store
	rides RideCanceller
	newID func() uuid.UUID
	now   func() time.Time
	log   *slog.Logger
}

func NewService(st *store.Store, rides RideCanceller, newID func() uuid.UUID, now func() time.Time, log *slog.Logger) *Service {
	return &Service{store: st, rides: rides, newID: newID, now: now, log: log}
}

type CreateScheduleInput struct {
	ClinicID  uuid.UUID
	PatientID uuid.UUID
	RequestID string
	Pattern   string
	Shift     int16
	ChairID   uuid.UUID
	StartsOn  time.Time
	EndsOn    time.Time
	CreatedBy string
}

func (in CreateScheduleInput) validate() error {
	switch {
	case in.RequestID == "":
		return apperr.Invalid("request_id is required")
	case !validPattern(in.Pattern):
		return apperr.Invalid("pattern must be MWF or TTS")
	case in.Shift < 1 || in.Shift > 4:
		return apperr.Invalid("shift must be between 1 and 4")
	case in.StartsOn.IsZero():
		return apperr.Invalid("starts_on is required")
	case !in.EndsOn.IsZero() && in.EndsOn.Before(in.StartsOn):
		return apperr.Invalid("ends_on is before starts_on")
	}
	return nil
}

// CreateSchedule sets up a patient's recurring chair time. The schedule is
// keyed by the caller's request id; a repeated request returns the schedule
// already on file.
func (s *Service) CreateSchedule(ctx context.Context, in CreateScheduleInput) (db.Schedule, error) {
	if err := in.validate(); err != nil {
		return db.Schedule{}, err
	}
	if err := s.checkChair(ctx, s.store.Q(), in.ChairID, in.ClinicID); err != nil {
		return db.Schedule{}, err
	}

	sched, created, err := s.insertSchedule(ctx, in)
	if err != nil {
		return db.Schedule{}, err
	}
	if !created {
		return sched, nil
	}

	// Hold the chair slot and announce the schedule.
	err = s.store.InTx(ctx, func(q *db.Queries) error {
		if err := holdSlot(ctx, q, sched.ChairID, sched.Pattern, sched.Shift, sched.ID); err != nil {
			return err
		}
		return outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicScheduling,
			Type:          "schedule.created",
			AggregateType: "schedule",
			AggregateID:   sched.ID,
			OrderingKey:   sched.PatientID.String(),
			Payload: events.ScheduleCreated{
				ScheduleID: sched.ID,
				PatientID:  sched.PatientID,
				ClinicID:   sched.ClinicID,
				ChairID:    sched.ChairID,
				Pattern:    sched.Pattern,
				Shift:      sched.Shift,
				StartsOn:   sched.StartsOn.Format("2006-01-02"),
			},
		})
	})
	if err != nil {
		return db.Schedule{}, err
	}
	return sched, nil
}

func (s *Service) insertSchedule(ctx context.Context, in CreateScheduleInput) (db.Schedule, bool, error) {
	q := s.store.Q()
	sched, err := q.InsertSchedule(ctx, db.InsertScheduleParams{
		ID:        s.newID(),
		ClinicID:  in.ClinicID,
		PatientID: in.PatientID,
		RequestID: in.RequestID,
		Pattern:   in.Pattern,
		Shift:     in.Shift,
		ChairID:   in.ChairID,
		StartsOn:  in.StartsOn,
		EndsOn:    store.NullTime(in.EndsOn),
		CreatedBy: in.CreatedBy,
	})
	if store.IsNotFound(err) {
		existing, err := q.GetScheduleByRequest(ctx, db.GetScheduleByRequestParams{
			ClinicID:  in.ClinicID,
			RequestID: in.RequestID,
		})
		return existing, false, err
	}
	if err != nil {
		return db.Schedule{}, false, err
	}
	return sched, true, nil
}

func (s *Service) checkChair(ctx context.Context, q *db.Queries, chairID, clinicID uuid.UUID) error {
	chair, err := q.GetChair(ctx, chairID)
	if store.IsNotFound(err) {
		return apperr.NotFound("chair %s not found", chairID)
	}
	if err != nil {
		return err
	}
	if chair.ClinicID != clinicID {
		return apperr.Invalid("chair %s belongs to another clinic", chairID)
	}
	if !chair.Active {
		return apperr.Invalid("chair %s is out of service", chair.Label)
	}
	return nil
}

// holdSlot reserves (chair, pattern, shift) for scheduleID. Holding a slot
// the schedule already holds is a no-op.
func holdSlot(ctx context.Context, q *db.Queries, chairID uuid.UUID, pattern string, shift int16, scheduleID uuid.UUID) error {
	n, err := q.ReserveChairSlot(ctx, db.ReserveChairSlotParams{
		ChairID:    chairID,
		Pattern:    pattern,
		Shift:      shift,
		ScheduleID: scheduleID,
	})
	if err != nil {
		return err
	}
	if n == 1 {
		return nil
	}
	slot, err := q.GetChairSlot(ctx, db.GetChairSlotParams{ChairID: chairID, Pattern: pattern, Shift: shift})
	if err != nil {
		return err
	}
	if slot.ScheduleID == scheduleID {
		return nil
	}
	return apperr.Conflict("chair is held by schedule %s on %s shift %d", slot.ScheduleID, pattern, shift)
}

// GetSchedule loads a schedule.
func (s *Service) GetSchedule(ctx context.Context, id uuid.UUID) (db.Schedule, error) {
	sched, err := s.store.Q().GetSchedule(ctx, id)
	if store.IsNotFound(err) {
		return sched, apperr.NotFound("schedule %s not found", id)
	}
	return sched, err
}

// ReserveChair holds a chair slot for an existing schedule (used when a
// schedule is created before its chair is known, e.g. isolation patients
// waiting on a hepatitis B result).
func (s *Service) ReserveChair(ctx context.Context, scheduleID, chairID uuid.UUID) (db.Schedule, error) {
	sched, err := s.GetSchedule(ctx, scheduleID)
	if err != nil {
		return sched, err
	}
	if err := s.checkChair(ctx, s.store.Q(), chairID, sched.ClinicID); err != nil {
		return sched, err
	}
	err = s.store.InTx(ctx, func(q *db.Queries) error {
		return holdSlot(ctx, q, chairID, sched.Pattern, sched.Shift, sched.ID)
	})
	return sched, err
}

// SwapChair moves a schedule, and its future sessions, to another chair.
// Running it again after it succeeded changes nothing.
func (s *Service) SwapChair(ctx context.Context, scheduleID, toChairID uuid.UUID) (db.Schedule, error) {
	return store.InTxValue(ctx, s.store, func(q *db.Queries) (db.Schedule, error) {
		sched, err := q.GetSchedule(ctx, scheduleID)
		if store.IsNotFound(err) {
			return sched, apperr.NotFound("schedule %s not found", scheduleID)
		}
		if err != nil {
			return sched, err
		}
		if sched.ChairID == toChairID {
			return sched, nil
		}
		if err := s.checkChair(ctx, q, toChairID, sched.ClinicID); err != nil {
			return sched, err
		}
		if err := holdSlot(ctx, q, toChairID, sched.Pattern, sched.Shift, sched.ID); err != nil {
			return sched, err
		}
		if err := q.ReleaseChairSlot(ctx, db.ReleaseChairSlotParams{
			ChairID:    sched.ChairID,
			Pattern:    sched.Pattern,
			Shift:      sched.Shift,
			ScheduleID: sched.ID,
		}); err != nil {
			return sched, err
		}
		updated, err := q.UpdateScheduleChair(ctx, db.UpdateScheduleChairParams{ID: sched.ID, ChairID: toChairID})
		if err != nil {
			return sched, err
		}
		today := s.now().UTC().Truncate(24 * time.Hour)
		if _, err := q.MoveFutureSessionsToChair(ctx, db.MoveFutureSessionsToChairParams{
			ScheduleID: sched.ID,
			ChairID:    toChairID,
			FromDate:   today,
		}); err != nil {
			return sched, err
		}
		return updated, nil
	})
}

// CancelSession cancels one scheduled treatment and asks transport to cancel
// the rides booked for that day.
func (s *Service) CancelSession(ctx context.Context, sessionID uuid.UUID, reason, by string) (db.TreatmentSession, error) {
	sess, err := store.InTxValue(ctx, s.store, func(q *db.Queries) (db.TreatmentSession, error) {
		sess, err := q.CancelTreatmentSession(ctx, db.CancelTreatmentSessionParams{
			ID:           sessionID,
			CancelReason: store.NullString(reason),
		})
		if store.IsNotFound(err) {
			existing, getErr := q.GetTreatmentSession(ctx, sessionID)
			if store.IsNotFound(getErr) {
				return existing, apperr.NotFound("session %s not found", sessionID)
			}
			if getErr != nil {
				return existing, getErr
			}
			if existing.Status == "cancelled" {
				return existing, nil
			}
			return existing, apperr.Conflict("session is %s and cannot be cancelled", existing.Status)
		}
		if err != nil {
			return sess, err
		}
		if _, err := q.RequestCancelForSession(ctx, db.RequestCancelForSessionParams{
			PatientID:   sess.PatientID,
			SessionDate: sess.SessionDate,
		}); err != nil {
			return sess, err
		}
		err = outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicScheduling,
			Type:          "session.cancelled",
			AggregateType: "treatment_session",
			AggregateID:   sess.ID,
			OrderingKey:   sess.PatientID.String(),
			Payload: events.SessionCancelled{
				SessionID:   sess.ID,
				PatientID:   sess.PatientID,
				SessionDate: sess.SessionDate.Format("2006-01-02"),
				Reason:      reason,
			},
		})
		return sess, err
	})
	if err != nil {
		return sess, err
	}

	// Rides marked cancel_requested are handed to the transport worker. The
	// list is read back from the database so a retried cancel picks up rides
	// the first attempt marked but did not get to enqueue.
	rideIDs, err := s.store.Q().ListCancelRequestedForSession(ctx, db.ListCancelRequestedForSessionParams{
		PatientID:   sess.PatientID,
		SessionDate: sess.SessionDate,
	})
	if err != nil {
		return sess, err
	}
	for _, id := range rideIDs {
		if err := s.rides.EnqueueRideCancellation(ctx, id, "session cancelled: "+reason); err != nil {
			return sess, fmt.Errorf("queue ride cancellation %s: %w", id, err)
		}
	}
	return sess, nil
}
