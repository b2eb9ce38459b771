package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/tasks"
)

type invoiceRunRequest struct {
	Period string `json:"period"`
}

type scheduledResponse struct {
	Scheduled bool   `json:"scheduled"`
	Note      string `json:"note,omitempty"`
}

// startInvoiceRun schedules partner invoicing for a closed month. Repeating
// the request for the same period does not schedule a second run.
func (h *handlers) startInvoiceRun(c echo.Context) error {
	req, err := bindJSON[invoiceRunRequest](c)
	if err != nil {
		return err
	}
	created, err := h.svc.Invoicing.RequestRun(c.Request().Context(), req.Period)
	if err != nil {
		return err
	}
	if !created {
		return c.JSON(http.StatusOK, scheduledResponse{Scheduled: true, Note: "already scheduled"})
	}
	return c.JSON(http.StatusAccepted, scheduledResponse{Scheduled: true})
}

type loyaltyResendRequest struct {
	LoungeCode string    `json:"lounge_code"`
	From       time.Time `json:"from"`
	To         time.Time `json:"to"`
}

func (h *handlers) resendLoyalty(c echo.Context) error {
	req, err := bindJSON[loyaltyResendRequest](c)
	if err != nil {
		return err
	}
	created, err := h.svc.Loyalty.RequestResend(c.Request().Context(), tasks.LoyaltyResendPayload{
		LoungeCode: req.LoungeCode,
		From:       req.From.UTC(),
		To:         req.To.UTC(),
	})
	if err != nil {
		return err
	}
	if !created {
		return c.JSON(http.StatusOK, scheduledResponse{Scheduled: true, Note: "already scheduled"})
	}
	return c.JSON(http.StatusAccepted, scheduledResponse{Scheduled: true})
}
