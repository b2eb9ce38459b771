package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/civicfund/grants/internal/service"
)

// GrantHandler serves grant applications and approvals.
type GrantHandler struct {
	Grants service.GrantService
}

type submitApplicationRequest struct {
	OrgID          string `json:"org_id"`
	CycleID        string `json:"cycle_id"`
	RequestedCents int64  `json:"requested_cents"`
	Summary        string `json:"summary"`
}

// SubmitApplication handles POST /v1/grant-applications.
func (h *GrantHandler) SubmitApplication(c echo.Context) error {
	var req submitApplicationRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	app, err := h.Grants.SubmitApplication(c.Request().Context(), service.SubmitApplicationInput{
		OrgID:          req.OrgID,
		CycleID:        req.CycleID,
		RequestedCents: req.RequestedCents,
		Summary:        req.Summary,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, app)
}

// Approve handles POST /v1/grants/:id/approve (grants committee only).
func (h *GrantHandler) Approve(c echo.Context) error {
	approver := c.Request().Header.Get("X-Authenticated-User")
	if approver == "" {
		return echo.NewHTTPError(http.StatusUnauthorized, "approver identity missing")
	}
	g, err := h.Grants.Approve(c.Request().Context(), c.Param("id"), approver)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"grant_id": g.ID,
		"status":   g.Status,
	})
}
