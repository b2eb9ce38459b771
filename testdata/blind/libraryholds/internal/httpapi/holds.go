package httpapi

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/service/holds"
)

// HoldService is what the hold routes need.
type HoldService interface {
	Place(ctx context.Context, in holds.PlaceInput) (domain.Hold, error)
	Cancel(ctx context.Context, patronID, holdID string) error
}

// HoldHandler serves the patron hold routes.
type HoldHandler struct{ svc HoldService }

// NewHoldHandler returns the hold routes.
func NewHoldHandler(svc HoldService) *HoldHandler { return &HoldHandler{svc: svc} }

type placeHoldRequest struct {
	TitleID        string `json:"title_id"`
	PickupBranchID string `json:"pickup_branch_id"`
}

// Place handles POST /v1/patrons/:patronID/holds.
func (h *HoldHandler) Place(c echo.Context) error {
	var req placeHoldRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	hold, err := h.svc.Place(c.Request().Context(), holds.PlaceInput{
		PatronID:       c.Param("patronID"),
		TitleID:        req.TitleID,
		PickupBranchID: req.PickupBranchID,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, hold)
}

// Cancel handles DELETE /v1/patrons/:patronID/holds/:holdID.
func (h *HoldHandler) Cancel(c echo.Context) error {
	if err := h.svc.Cancel(c.Request().Context(), c.Param("patronID"), c.Param("holdID")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
