package httpapi

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/service/transfers"
)

// TransferService is what the staff transfer routes need.
type TransferService interface {
	Request(ctx context.Context, in transfers.RequestInput) (domain.Transfer, error)
	Ship(ctx context.Context, id string) (domain.Transfer, error)
	Receive(ctx context.Context, id string) (domain.Transfer, error)
	Cancel(ctx context.Context, id string) error
}

// TransferHandler serves the staff transfer routes. The desk scanners
// resend a scan when they get no answer within a few seconds.
type TransferHandler struct{ svc TransferService }

// NewTransferHandler returns the transfer routes.
func NewTransferHandler(svc TransferService) *TransferHandler { return &TransferHandler{svc: svc} }

// Request handles POST /v1/staff/holds/:holdID/transfers.
func (h *TransferHandler) Request(c echo.Context) error {
	var req struct {
		ItemID string `json:"item_id"`
	}
	if err := c.Bind(&req); err != nil || req.ItemID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "item_id is required")
	}
	t, err := h.svc.Request(c.Request().Context(), transfers.RequestInput{
		HoldID: c.Param("holdID"), ItemID: req.ItemID,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, t)
}

// Ship handles POST /v1/staff/transfers/:transferID/ship.
func (h *TransferHandler) Ship(c echo.Context) error {
	t, err := h.svc.Ship(c.Request().Context(), c.Param("transferID"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// Receive handles POST /v1/staff/transfers/:transferID/receive.
func (h *TransferHandler) Receive(c echo.Context) error {
	t, err := h.svc.Receive(c.Request().Context(), c.Param("transferID"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}

// Cancel handles DELETE /v1/staff/transfers/:transferID.
func (h *TransferHandler) Cancel(c echo.Context) error {
	if err := h.svc.Cancel(c.Request().Context(), c.Param("transferID")); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}
