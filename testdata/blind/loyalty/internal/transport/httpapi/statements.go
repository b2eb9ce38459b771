package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type StatementHandler struct {
	svc StatementService
}

func NewStatementHandler(svc StatementService) *StatementHandler {
	return &StatementHandler{svc: svc}
}

// Resend handles POST /v1/members/:memberID/statements/:period/resend.
func (h *StatementHandler) Resend(c echo.Context) error {
	memberID, err := memberIDParam(c)
	if err != nil {
		return err
	}
	workflowID, err := h.svc.Resend(c.Request().Context(), memberID, c.Param("period"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"job_id": workflowID})
}
