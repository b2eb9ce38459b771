// Package transport books non-emergency medical transport to and from
// treatment with the NEMT partner and tracks the rides' progress.
package transport

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/partners/nemt"
	"github.com/renalnet/dialysis-ops/internal/store"
)

// Partner is the NEMT client surface the service uses.
type Partner interface {
	BookRide(ctx context.Context, req nemt.RideRequest, opts ...nemt.Option) (nemt.Ride, error)
	CancelRide(ctx context.Context, rideID, reason string) error
}

// BookingQueue hands rides to the transport:book-ride worker.
type BookingQueue interface {
	EnqueueRideBooking(ctx context.Context, rideID uuid.UUID) error
}

type Service struct {
	store         *store.Store
	partner       Partner
	queue         BookingQueue
	newID         func() uuid.UUID
	newRequestKey func() string
	now           func() time.Time
	log           *slog.Logger
}

type Deps struct {
	Store         *store.Store
	Partner       Partner
	Queue         BookingQueue
	NewID         func() uuid.UUID
	NewRequestKey func() string
	Now           func() time.Time
	Log           *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		store:         d.Store,
		partner:       d.Partner,
		queue:         d.Queue,
		newID:         d.NewID,
		newRequestKey: d.NewRequestKey,
		now:           d.Now,
		log:           d.Log,
	}
}

const (
	legToClinic   = "to_clinic"
	legFromClinic = "from_clinic"
)

// Shift chair-on times, local clinic time.
var shiftStart = map[int16]time.Duration{
	1: 6 * time.Hour,
	2: 11 * time.Hour,
	3: 16 * time.Hour,
	4: 20*time.Hour + 30*time.Minute,
}

const (
	arriveBefore   = 45 * time.Minute
	treatmentBlock = 4*time.Hour + 15*time.Minute
)

// pickupTime computes the pickup for a leg of a session.
func pickupTime(date time.Time, shift int16, leg string, tz string) time.Time {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	day := time.Date(date.Year(), date.Month(), date.Day(), 0, 0, 0, 0, loc)
	start := day.Add(shiftStart[shift])
	if leg == legToClinic {
		return start.Add(-arriveBefore)
	}
	return start.Add(treatmentBlock)
}

func (s *Service) partnerRequest(ctx context.Context, q *db.Queries, ride db.RideRequest) (nemt.RideRequest, error) {
	patient, err := q.GetPatient(ctx, ride.PatientID)
	if err != nil {
		return nemt.RideRequest{}, err
	}
	appointment := ride.PickupAt.Add(arriveBefore)
	if ride.Leg == legFromClinic {
		appointment = ride.PickupAt
	}
	return nemt.RideRequest{
		ExternalRef:   ride.ID.String(),
		MemberName:    patient.FirstName + " " + patient.LastName,
		MemberPhone:   patient.Phone.String,
		Mobility:      ride.Mobility,
		Pickup:        nemt.Location{Address: ride.PickupAddress},
		Dropoff:       nemt.Location{Address: ride.DropoffAddress},
		PickupAt:      ride.PickupAt,
		AppointmentAt: appointment,
		TripPurpose:   "dialysis",
	}, nil
}

// ---- recurring rides ------------------------------------------------------------

// PlanScheduleRides creates both legs for every scheduled session of a
// schedule in [from, to] and queues them for booking. Ride requests are
// keyed by (schedule, date, leg) and booking tasks by ride id, so planning
// an overlapping window again only adds what is missing.
func (s *Service) PlanScheduleRides(ctx context.Context, scheduleID uuid.UUID, from, to time.Time, by string) ([]db.RideRequest, error) {
	q := s.store.Q()
	sched, err := q.GetSchedule(ctx, scheduleID)
	if store.IsNotFound(err) {
		return nil, apperr.NotFound("schedule %s not found", scheduleID)
	}
	if err != nil {
		return nil, err
	}
	patient, err := q.GetPatient(ctx, sched.PatientID)
	if err != nil {
		return nil, err
	}
	clinic, err := q.GetClinic(ctx, sched.ClinicID)
	if err != nil {
		return nil, err
	}
	sessions, err := q.ListSessionsForSchedule(ctx, db.ListSessionsForScheduleParams{
		ScheduleID: scheduleID,
		FromDate:   from,
		ToDate:     to,
	})
	if err != nil {
		return nil, err
	}

	err = s.store.InTx(ctx, func(q *db.Queries) error {
		for _, sess := range sessions {
			for _, leg := range []string{legToClinic, legFromClinic} {
				pickup, dropoff := patient.HomeAddress, clinic.Address
				if leg == legFromClinic {
					pickup, dropoff = clinic.Address, patient.HomeAddress
				}
				if _, err := q.InsertScheduledRideRequest(ctx, db.InsertScheduledRideRequestParams{
					ID:             s.newID(),
					PatientID:      patient.ID,
					ClinicID:       clinic.ID,
					ScheduleID:     store.NullUUID(sched.ID),
					SessionDate:    sess.SessionDate,
					Leg:            leg,
					PickupAt:       pickupTime(sess.SessionDate, sess.Shift, leg, clinic.Timezone),
					Mobility:       patient.Mobility,
					PickupAddress:  pickup,
					DropoffAddress: dropoff,
					CreatedBy:      by,
				}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	rides, err := q.ListRequestedRidesForSchedule(ctx, db.ListRequestedRidesForScheduleParams{
		ScheduleID: store.NullUUID(scheduleID),
		FromDate:   from,
		ToDate:     to,
	})
	if err != nil {
		return nil, err
	}
	for _, r := range rides {
		if err := s.queue.EnqueueRideBooking(ctx, r.ID); err != nil {
			return rides, err
		}
	}
	return rides, nil
}

// BookRide books one requested ride with the partner.
func (s *Service) BookRide(ctx context.Context, rideID uuid.UUID) error {
	q := s.store.Q()
	ride, err := q.GetRideRequest(ctx, rideID)
	if store.IsNotFound(err) {
		return apperr.NotFound("ride request %s not found", rideID)
	}
	if err != nil {
		return err
	}
	if ride.Status != "requested" {
		return nil
	}
	req, err := s.partnerRequest(ctx, q, ride)
	if err != nil {
		return err
	}
	booked, err := s.partner.BookRide(ctx, req, nemt.WithIdempotencyKey(s.newRequestKey()))
	if err != nil {
		_ = q.MarkRideError(ctx, db.MarkRideErrorParams{ID: ride.ID, LastError: store.NullString(err.Error())})
		return err
	}
	return q.MarkRideBooked(ctx, db.MarkRideBookedParams{
		ID:            ride.ID,
		PartnerRideID: store.NullString(booked.RideID),
		PartnerStatus: store.NullString(booked.Status),
	})
}

// CancelRide cancels a ride with the partner (if it was booked) and marks it
// cancelled. The partner treats a second cancel as success.
func (s *Service) CancelRide(ctx context.Context, rideID uuid.UUID, reason string) error {
	q := s.store.Q()
	ride, err := q.GetRideRequest(ctx, rideID)
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	switch ride.Status {
	case "cancelled", "completed", "no_show", "failed":
		return nil
	}
	if ride.PartnerRideID.Valid {
		if err := s.partner.CancelRide(ctx, ride.PartnerRideID.String, reason); err != nil {
			return err
		}
	}
	return q.MarkRideCancelled(ctx, db.MarkRideCancelledParams{
		ID:            ride.ID,
		PartnerStatus: store.NullString("cancelled"),
	})
}
