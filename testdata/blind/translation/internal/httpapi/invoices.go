package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// InvoicesHandler serves client invoices.
type InvoicesHandler struct {
	Invoices service.InvoiceService
}

// Get returns an invoice of the caller.
func (h *InvoicesHandler) Get(c echo.Context) error {
	inv, err := h.Invoices.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return toHTTP(err)
	}
	if inv.ClientID != principal(c).ID {
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	}
	return c.JSON(http.StatusOK, inv)
}

// Send emails a copy of the invoice to the client.
func (h *InvoicesHandler) Send(c echo.Context) error {
	if err := h.Invoices.Send(c.Request().Context(), principal(c).ID, c.Param("id")); err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusAccepted, map[string]string{"status": "sent"})
}
