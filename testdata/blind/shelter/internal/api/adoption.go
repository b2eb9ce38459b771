package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/brindlewood-labs/shelternet/internal/adoption"
	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type AdoptionService interface {
	Submit(ctx context.Context, in adoption.SubmitInput) (domain.Application, error)
	Approve(ctx context.Context, id, reviewer string) (domain.Application, error)
	PayFee(ctx context.Context, in adoption.PayFeeInput) (domain.Application, error)
	Finalize(ctx context.Context, applicationID string) (domain.Adoption, error)
}

type AdoptionHandlers struct{ svc AdoptionService }

func NewAdoptionHandlers(svc *adoption.Service) *AdoptionHandlers { return &AdoptionHandlers{svc: svc} }

type submitRequest struct {
	AnimalID      string `json:"animal_id"`
	AdopterName   string `json:"adopter_name"`
	AdopterEmail  string `json:"adopter_email"`
	AdopterPhone  string `json:"adopter_phone"`
	HouseholdNote string `json:"household_note"`
}

// Submit is called by the public adoption site; its form retries on
// network errors and on 5xx.
func (h *AdoptionHandlers) Submit(c echo.Context) error {
	req, err := bind[submitRequest](c)
	if err != nil {
		return err
	}
	app, err := h.svc.Submit(c.Request().Context(), adoption.SubmitInput(req))
	if errors.Is(err, adoption.ErrValidation) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, app)
}

func (h *AdoptionHandlers) Approve(c echo.Context) error {
	app, err := h.svc.Approve(c.Request().Context(), c.Param("id"), staff(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, app)
}

type payFeeRequest struct {
	PaymentMethod string `json:"payment_method"`
}

func (h *AdoptionHandlers) PayFee(c echo.Context) error {
	req, err := bind[payFeeRequest](c)
	if err != nil {
		return err
	}
	if req.PaymentMethod == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "payment_method is required")
	}
	app, err := h.svc.PayFee(c.Request().Context(), adoption.PayFeeInput{
		ApplicationID: c.Param("id"),
		PaymentMethod: req.PaymentMethod,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, app)
}

func (h *AdoptionHandlers) Finalize(c echo.Context) error {
	a, err := h.svc.Finalize(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}
