package transport

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/store"
)

type AdHocRideInput struct {
	PatientID      uuid.UUID
	RequestID      string
	SessionDate    time.Time
	Leg            string
	PickupAt       time.Time
	PickupAddress  string
	DropoffAddress string
	CreatedBy      string
}

// RequestAdHocRide books a one-off ride the front desk arranges on the day,
// e.g. a patient whose usual ride fell through or who is sent home early.
// The desk needs the partner's answer while the patient is waiting, so the
// ride is booked inline rather than through the worker.
func (s *Service) RequestAdHocRide(ctx context.Context, in AdHocRideInput) (db.RideRequest, error) {
	if in.RequestID == "" {
		return db.RideRequest{}, apperr.Invalid("request_id is required")
	}
	if in.Leg != legToClinic && in.Leg != legFromClinic {
		return db.RideRequest{}, apperr.Invalid("leg must be to_clinic or from_clinic")
	}
	q := s.store.Q()
	patient, err := q.GetPatient(ctx, in.PatientID)
	if store.IsNotFound(err) {
		return db.RideRequest{}, apperr.NotFound("patient %s not found", in.PatientID)
	}
	if err != nil {
		return db.RideRequest{}, err
	}

	ride, err := q.InsertAdHocRideRequest(ctx, db.InsertAdHocRideRequestParams{
		ID:             s.newID(),
		PatientID:      patient.ID,
		ClinicID:       patient.ClinicID,
		RequestID:      store.NullString(in.RequestID),
		SessionDate:    in.SessionDate,
		Leg:            in.Leg,
		PickupAt:       in.PickupAt,
		Mobility:       patient.Mobility,
		PickupAddress:  in.PickupAddress,
		DropoffAddress: in.DropoffAddress,
		CreatedBy:      in.CreatedBy,
	})
	if store.IsNotFound(err) {
		ride, err = q.GetRideRequestByClientRequest(ctx, db.GetRideRequestByClientRequestParams{
			PatientID: patient.ID,
			RequestID: store.NullString(in.RequestID),
		})
	}
	if err != nil {
		return ride, err
	}
	if ride.Status != "requested" {
		return ride, nil
	}

	req, err := s.partnerRequest(ctx, q, ride)
	if err != nil {
		return ride, err
	}
	booked, err := s.partner.BookRide(ctx, req)
	if err != nil {
		_ = q.MarkRideError(ctx, db.MarkRideErrorParams{ID: ride.ID, LastError: store.NullString(err.Error())})
		return ride, apperr.Unavailable(err, "transport partner did not confirm the ride")
	}
	if err := q.MarkRideBooked(ctx, db.MarkRideBookedParams{
		ID:            ride.ID,
		PartnerRideID: store.NullString(booked.RideID),
		PartnerStatus: store.NullString(booked.Status),
	}); err != nil {
		return ride, err
	}
	return q.GetRideRequest(ctx, ride.ID)
}
