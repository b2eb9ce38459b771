package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/meridianrail/bookings/internal/service/seatmap"
)

// SeatMapHandler serves operational seat-map edits.
type SeatMapHandler struct {
	SeatMaps SeatMapService
	Log      *slog.Logger
}

type seatMapChangeRequest struct {
	ExpectedVersion int64                `json:"expected_version" binding:"required,gt=0"`
	Changes         []seatmap.SeatChange `json:"changes" binding:"required,min=1"`
}

// Apply handles POST /v1/trips/:id/seatmap/changes.
func (h *SeatMapHandler) Apply(c *gin.Context) {
	var req seatMapChangeRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	sm, err := h.SeatMaps.Apply(c.Request.Context(), seatmap.ChangeInput{
		TripID:          c.Param("id"),
		ExpectedVersion: req.ExpectedVersion,
		Changes:         req.Changes,
	})
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"trip_id": sm.TripID, "version": sm.Version})
}
