package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/service"
)

type eligibilityRequest struct {
	Passengers []service.EligibilityInput `json:"passengers"`
}

// pushEligibility receives boarding-pass entitlements from an airline's
// departure control system. Airlines resend whole batches on timeout.
func (h *handlers) pushEligibility(c echo.Context) error {
	req, err := bindJSON[eligibilityRequest](c)
	if err != nil {
		return err
	}
	res, err := h.svc.Partners.ImportEligibility(c.Request().Context(), middleware.Airline(c), req.Passengers)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

type disputeRequest struct {
	DisputeRef  string      `json:"dispute_ref"`
	LineIDs     []uuid.UUID `json:"line_ids"`
	Reason      string      `json:"reason"`
	AmountMinor int64       `json:"amount_minor"`
}

func (h *handlers) openDispute(c echo.Context) error {
	invoiceID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[disputeRequest](c)
	if err != nil {
		return err
	}
	d, err := h.svc.Partners.OpenDispute(c.Request().Context(), service.DisputeInput{
		AirlineCode:       middleware.Airline(c),
		InvoiceID:         invoiceID,
		PartnerDisputeRef: req.DisputeRef,
		LineIDs:           req.LineIDs,
		Reason:            req.Reason,
		AmountCents:       req.AmountMinor,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, d)
}
