package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/oklog/ulid/v2"

	"github.com/trustwell/settlements/internal/service"
)

// NoticeHandler serves claimant-notice routes.
type NoticeHandler struct {
	notices service.NoticeService
}

// NewNoticeHandler builds the NoticeHandler.
func NewNoticeHandler(notices service.NoticeService) *NoticeHandler {
	return &NoticeHandler{notices: notices}
}

// Register mounts the routes.
func (h *NoticeHandler) Register(api *echo.Group, _ *echo.Group) {
	api.POST("/claimants/:id/notices", h.createAdHoc)
	api.POST("/claimants/:id/statements/resend", h.resendStatement)
}

func (h *NoticeHandler) createAdHoc(c echo.Context) error {
	var in service.AdHocNoticeInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	in.RequestKey = c.Request().Header.Get("Idempotency-Key")
	in.Actor = actor(c)
	n, created, err := h.notices.CreateAdHoc(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusAccepted
	}
	return c.JSON(status, n)
}

func (h *NoticeHandler) resendStatement(c echo.Context) error {
	requestID := ulid.Make().String()
	queued, err := h.notices.RequestStatementResend(c.Request().Context(), c.Param("id"), requestID, actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"claimant_id": c.Param("id"),
		"request_id":  requestID,
		"queued":      queued,
	})
}
