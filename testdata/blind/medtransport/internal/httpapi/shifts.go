package httpapi

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/service/shifts"
)

type shiftHandlers struct {
	svc ShiftService
}

type checkInRequest struct {
	VehicleID string `json:"vehicle_id"`
	Odometer  int    `json:"odometer"`
}

func (r *checkInRequest) Validate() error {
	if r.VehicleID == "" {
		return errors.New("vehicle_id is required")
	}
	if r.Odometer < 0 {
		return errors.New("odometer must be positive")
	}
	return nil
}

func (h *shiftHandlers) checkIn(ctx context.Context, req checkInRequest) (*models.Shift, error) {
	driverID, err := requireDriver(ctx)
	if err != nil {
		return nil, err
	}
	return h.svc.CheckIn(ctx, shifts.CheckInInput{DriverID: driverID, VehicleID: req.VehicleID, Odometer: req.Odometer})
}

type checkOutRequest struct {
	ShiftID  uuid.UUID `param:"id"`
	Odometer int       `json:"odometer"`
}

func (h *shiftHandlers) checkOut(ctx context.Context, req checkOutRequest) (*models.Shift, error) {
	driverID, err := requireDriver(ctx)
	if err != nil {
		return nil, err
	}
	return h.svc.CheckOut(ctx, shifts.CheckOutInput{DriverID: driverID, ShiftID: req.ShiftID, Odometer: req.Odometer})
}
