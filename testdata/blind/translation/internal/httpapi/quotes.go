package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// QuotesHandler serves quote endpoints.
type QuotesHandler struct {
	Quotes service.QuoteService
}

// Submit records a translator's quote on a job.
func (h *QuotesHandler) Submit(c echo.Context) error {
	var in service.QuoteInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	q, created, err := h.Quotes.Submit(c.Request().Context(), principal(c).ID, c.Param("id"), in)
	if err != nil {
		return toHTTP(err)
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, q)
}

// Accept accepts a quote and places the escrow hold.
func (h *QuotesHandler) Accept(c echo.Context) error {
	payment, err := h.Quotes.Accept(c.Request().Context(), principal(c).ID, c.Param("id"))
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusOK, map[string]any{
		"quote_id":       c.Param("id"),
		"payment_id":     payment.ID,
		"payment_status": payment.Status,
	})
}

type declineRequest struct {
	Reason string `json:"reason"`
}

// Decline turns a quote down and lets the translator know.
func (h *QuotesHandler) Decline(c echo.Context) error {
	var in declineRequest
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	if err := h.Quotes.Decline(c.Request().Context(), principal(c).ID, c.Param("id"), in.Reason); err != nil {
		return toHTTP(err)
	}
	return c.NoContent(http.StatusNoContent)
}
