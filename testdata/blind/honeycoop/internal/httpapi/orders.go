package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/service/invoicing"
	"github.com/amberfield-labs/honeycoop/internal/service/orders"
)

type orderHandler struct {
	orders    orders.Service
	invoicing invoicing.Service
	newID     func() string
}

type createOrderRequest struct {
	PONumber string             `json:"po_number"`
	Lines    []orders.LineInput `json:"lines"`
}

// create is the retailer order API. Retailers' purchasing systems resend an
// order when they get no answer.
func (h *orderHandler) create(c echo.Context) error {
	retailerID := c.Request().Header.Get("X-Retailer-ID")
	if retailerID == "" {
		return echo.NewHTTPError(http.StatusUnauthorized, "missing retailer")
	}
	var req createOrderRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	order, err := h.orders.PlaceOrder(c.Request().Context(), orders.NewOrder{
		ID:         h.newID(),
		RetailerID: retailerID,
		PONumber:   req.PONumber,
		Lines:      req.Lines,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, order)
}

// confirm is called by the sales desk once an order is checked.
func (h *orderHandler) confirm(c echo.Context) error {
	order, err := h.orders.ConfirmOrder(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, order)
}

func (h *orderHandler) invoice(c echo.Context) error {
	inv, err := h.invoicing.IssueInvoice(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, inv)
}

func (h *orderHandler) creditNote(c echo.Context) error {
	var req invoicing.CreditNoteInput
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	cn, err := h.invoicing.IssueCreditNote(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cn)
}
