package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
)

// RideService is what the ride endpoints need.
type RideService interface {
	Start(ctx context.Context, riderID uuid.UUID, scooterID string) (*domain.Ride, error)
	End(ctx context.Context, riderID, rideID uuid.UUID, pos domain.Position) (*domain.Ride, error)
}

type RideHandler struct{ svc RideService }

func NewRideHandler(svc RideService) *RideHandler { return &RideHandler{svc: svc} }

type startRideRequest struct {
	ScooterID string `json:"scooter_id"`
}

// Start handles POST /v1/rides. The rider app retries on timeouts with the
// same Idempotency-Key.
func (h *RideHandler) Start(w http.ResponseWriter, r *http.Request) error {
	riderID, err := principalID(r)
	if err != nil {
		return err
	}
	req, err := decode[startRideRequest](r)
	if err != nil {
		return err
	}
	if req.ScooterID == "" {
		return &badRequest{msg: "scooter_id is required"}
	}
	ride, err := h.svc.Start(r.Context(), riderID, req.ScooterID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, ride)
	return nil
}

type endRideRequest struct {
	Position domain.Position `json:"position"`
}

// End handles POST /v1/rides/{rideID}/end.
func (h *RideHandler) End(w http.ResponseWriter, r *http.Request) error {
	riderID, err := principalID(r)
	if err != nil {
		return err
	}
	rideID, err := uuidParam(r, "rideID")
	if err != nil {
		return err
	}
	req, err := decode[endRideRequest](r)
	if err != nil {
		return err
	}
	ride, err := h.svc.End(r.Context(), riderID, rideID, req.Position)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ride)
	return nil
}
