package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/apperr"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/service/copay"
	"github.com/carelift-health/nemt/internal/service/trips"
)

type tripHandlers struct {
	trips  TripService
	copays CopayService
}

type statusRequest struct {
	TripID uuid.UUID `param:"id"`
	Status string    `json:"status"`
	Miles  *float64  `json:"miles"`
}

func (h *tripHandlers) updateStatus(ctx context.Context, req statusRequest) (*models.Trip, error) {
	driverID, err := requireDriver(ctx)
	if err != nil {
		return nil, err
	}
	if req.Status == string(models.TripCompleted) && req.Miles == nil {
		return nil, apperr.Invalid("miles are required to complete a trip")
	}
	return h.trips.UpdateStatus(ctx, trips.StatusUpdate{
		TripID:   req.TripID,
		DriverID: driverID,
		Status:   models.TripStatus(req.Status),
		Miles:    req.Miles,
	})
}

type collectCopayRequest struct {
	TripID      uuid.UUID `param:"id"`
	AmountCents int64     `json:"amount_cents"`
}

func (h *tripHandlers) collectCopay(ctx context.Context, req collectCopayRequest) (*models.Copay, error) {
	clinicID, err := requireClinic(ctx)
	if err != nil {
		return nil, err
	}
	return h.copays.Collect(ctx, copay.CollectInput{ClinicID: clinicID, TripID: req.TripID, AmountCents: req.AmountCents})
}

type refundCopayRequest struct {
	CopayID     uuid.UUID `param:"id"`
	AmountCents int64     `json:"amount_cents"`
}

func (h *tripHandlers) refundCopay(ctx context.Context, req refundCopayRequest) (*models.Copay, error) {
	clinicID, err := requireClinic(ctx)
	if err != nil {
		return nil, err
	}
	return h.copays.Refund(ctx, copay.RefundInput{ClinicID: clinicID, CopayID: req.CopayID, AmountCents: req.AmountCents})
}
