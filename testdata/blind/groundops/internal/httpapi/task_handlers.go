package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/apronworks/groundops/internal/tasks"
)

type TaskHandlers struct {
	Tasks TaskService
}

type completeRequest struct {
	CrewMemberID string  `json:"crew_member_id" binding:"required"`
	Quantity     float64 `json:"quantity"`
	UsedLitres   int     `json:"used_litres"`
	DeviceID     string  `json:"device_id"`
}

// complete: POST /v1/tasks/:id/complete
func (h *TaskHandlers) complete(c *gin.Context) {
	var req completeRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	task, err := h.Tasks.Complete(c.Request.Context(), c.Param("id"), tasks.CompleteInput{
		CrewMemberID: req.CrewMemberID,
		Quantity:     req.Quantity,
		UsedLitres:   req.UsedLitres,
		DeviceID:     req.DeviceID,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, task)
}

type eventRequest struct {
	EventID    string    `json:"event_id" binding:"required,uuid"`
	DeviceID   string    `json:"device_id" binding:"required"`
	Kind       string    `json:"kind" binding:"required"`
	Note       string    `json:"note"`
	RecordedAt time.Time `json:"recorded_at" binding:"required"`
}

// recordEvent: POST /v1/tasks/:id/events
func (h *TaskHandlers) recordEvent(c *gin.Context) {
	var req eventRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	err := h.Tasks.RecordEvent(c.Request.Context(), c.Param("id"), tasks.EventInput{
		EventID:    req.EventID,
		DeviceID:   req.DeviceID,
		Kind:       req.Kind,
		Note:       req.Note,
		RecordedAt: req.RecordedAt,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}
