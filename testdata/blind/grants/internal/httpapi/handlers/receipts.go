package handlers

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/service"
)

type receiptRequest struct {
	TaxYear int `json:"tax_year"`
}

// RequestReceiptHandler returns the handler for
// POST /v1/donors/:id/receipt-requests.
func RequestReceiptHandler(receipts service.ReceiptService) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req receiptRequest
		if err := c.Bind(&req); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
		}
		if req.TaxYear == 0 {
			req.TaxYear = time.Now().Year() - 1
		}
		if err := receipts.RequestAnnualReceipt(c.Request().Context(), c.Param("id"), req.TaxYear); err != nil {
			return err
		}
		return c.NoContent(http.StatusAccepted)
	}
}
