package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/platform/httpx"
)

// StaffHandlers back the grading stations in the back room. The station
// app queues submissions while offline and resends them when the network
// returns.
type StaffHandlers struct {
	Grading app.GradingService
}

func (h *StaffHandlers) Routes() Group {
	return Group{
		Prefix:     "/v1/staff",
		Middleware: []gin.HandlerFunc{httpx.RequireHeader("X-Staff-ID")},
		routes: []route{
			{http.MethodPost, "/lines/:lineID/grade", h.grade},
		},
	}
}

type gradeBody struct {
	Grade        string `json:"grade" binding:"required"`
	Channel      string `json:"channel" binding:"omitempty,oneof=resale wholesale"`
	WholesalerID string `json:"wholesaler_id"`
}

func (h *StaffHandlers) grade(c *gin.Context) (int, any, error) {
	body, err := httpx.Bind[gradeBody](c)
	if err != nil {
		return 0, nil, err
	}
	if body.Channel == "" {
		body.Channel = "resale"
	}
	cp, err := h.Grading.GradeLine(c.Request.Context(), app.GradeRequest{
		LineID:       c.Param("lineID"),
		Grade:        body.Grade,
		StaffID:      httpx.StaffID(c),
		Channel:      body.Channel,
		WholesalerID: body.WholesalerID,
	})
	if err != nil {
		return 0, nil, err
	}
	if cp == nil {
		return http.StatusOK, gin.H{"status": "rejected"}, nil
	}
	return http.StatusOK, gin.H{"status": "graded", "copy_id": cp.ID, "channel": cp.Channel}, nil
}
