package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/hearthkit/commissary/internal/service"
)

// CleaningHandler serves host-initiated cleaning requests.
type CleaningHandler struct {
	svc service.CleaningService
}

// NewCleaningHandler builds the handler.
func NewCleaningHandler(svc service.CleaningService) *CleaningHandler {
	return &CleaningHandler{svc: svc}
}

type deepCleanRequest struct {
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	Notes       string    `json:"notes"`
}

// RequestDeepClean books a deep clean for a kitchen.
func (h *CleaningHandler) RequestDeepClean(c echo.Context) error {
	if err := requireRole(c, "host"); err != nil {
		return err
	}
	var req deepCleanRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	job, err := h.svc.RequestDeepClean(c.Request().Context(), service.DeepCleanInput{
		KitchenID:   c.Param("id"),
		HostID:      principal(c).ID,
		WindowStart: req.WindowStart,
		WindowEnd:   req.WindowEnd,
		Notes:       req.Notes,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, job)
}
