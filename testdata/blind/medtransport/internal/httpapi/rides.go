package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/service/rides"
)

type rideHandlers struct {
	svc RideService
}

type createRideRequest struct {
	ClientRef      string    `json:"client_ref"`
	PatientID      uuid.UUID `json:"patient_id"`
	PickupAddress  string    `json:"pickup_address"`
	DropoffAddress string    `json:"dropoff_address"`
	PickupAt       time.Time `json:"pickup_at"`
	Mobility       string    `json:"mobility"`
}

func (r *createRideRequest) Validate() error {
	if r.PatientID == uuid.Nil {
		return errors.New("patient_id is required")
	}
	if r.PickupAt.IsZero() {
		return errors.New("pickup_at is required")
	}
	return nil
}

type rideResponse struct {
	*models.Ride
	status int
}

func (r rideResponse) StatusCode() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}

func (h *rideHandlers) create(ctx context.Context, req createRideRequest) (rideResponse, error) {
	clinicID, err := requireClinic(ctx)
	if err != nil {
		return rideResponse{}, err
	}
	ride, err := h.svc.Create(ctx, rides.CreateInput{
		ClinicID:       clinicID,
		PatientID:      req.PatientID,
		ClientRef:      req.ClientRef,
		PickupAddress:  req.PickupAddress,
		DropoffAddress: req.DropoffAddress,
		PickupAt:       req.PickupAt,
		Mobility:       req.Mobility,
	})
	if err != nil {
		return rideResponse{}, err
	}
	loggerFrom(ctx).Info("ride booked", "ride", ride.ID, "clinic", clinicID)
	return rideResponse{Ride: ride, status: http.StatusCreated}, nil
}

type cancelRideRequest struct {
	ID     uuid.UUID `param:"id"`
	Reason string    `json:"reason"`
}

func (h *rideHandlers) cancel(ctx context.Context, req cancelRideRequest) (rideResponse, error) {
	clinicID, err := requireClinic(ctx)
	if err != nil {
		return rideResponse{}, err
	}
	if req.Reason == "" {
		req.Reason = "cancelled by clinic"
	}
	ride, err := h.svc.Cancel(ctx, clinicID, req.ID, req.Reason)
	return rideResponse{Ride: ride}, err
}
