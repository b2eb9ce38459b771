package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/service"
)

// ReminderHandler serves coordinator messaging routes.
type ReminderHandler struct {
	notifications service.NotificationService
}

// NewReminderHandler builds the handler.
func NewReminderHandler(n service.NotificationService) *ReminderHandler {
	return &ReminderHandler{notifications: n}
}

func (h *ReminderHandler) register(r gin.IRoutes) {
	r.POST("/v1/seasons/:id/reminders", h.ScheduleBlast)
}

// ScheduleBlast handles POST /v1/seasons/:id/reminders.
func (h *ReminderHandler) ScheduleBlast(c *gin.Context) {
	var in service.BlastInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	n, err := h.notifications.ScheduleReminderBlast(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"queued": n})
}
