package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/foster"
)

type FosterService interface {
	EndPlacement(ctx context.Context, placementID, reason string) error
	AddAdjustment(ctx context.Context, in foster.AdjustmentInput) (domain.FosterAdjustment, error)
}

type FosterHandlers struct{ svc FosterService }

func NewFosterHandlers(svc *foster.Service) *FosterHandlers { return &FosterHandlers{svc: svc} }

type endPlacementRequest struct {
	Reason string `json:"reason"`
}

func (h *FosterHandlers) EndPlacement(c echo.Context) error {
	req, err := bind[endPlacementRequest](c)
	if err != nil {
		return err
	}
	if req.Reason == "" {
		req.Reason = "completed"
	}
	if err := h.svc.EndPlacement(c.Request().Context(), c.Param("id"), req.Reason); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type adjustmentRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// AddAdjustment is used by the foster coordinators' back-office app, which
// retries with the same Idempotency-Key on timeouts.
func (h *FosterHandlers) AddAdjustment(c echo.Context) error {
	req, err := bind[adjustmentRequest](c)
	if err != nil {
		return err
	}
	adj, err := h.svc.AddAdjustment(c.Request().Context(), foster.AdjustmentInput{
		FosterID:    c.Param("id"),
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		CreatedBy:   staff(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, adj)
}
