package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/platform/httpx"
	"github.com/acornlane-childcare/nursery/internal/service/ratio"
)

type RatioService interface {
	Record(ctx context.Context, r ratio.Reading) (ratio.Result, error)
}

// RatioHandler receives headcounts from the room tablets.
type RatioHandler struct {
	ratio RatioService
	log   *slog.Logger
}

func NewRatioHandler(r RatioService, log *slog.Logger) *RatioHandler {
	return &RatioHandler{ratio: r, log: log}
}

type readingRequest struct {
	DeviceID   string    `json:"device_id" binding:"required"`
	Seq        int64     `json:"seq" binding:"required"`
	RoomID     uuid.UUID `json:"room_id" binding:"required"`
	Children   int32     `json:"children" binding:"gte=0"`
	Staff      int32     `json:"staff" binding:"gte=0"`
	RecordedAt time.Time `json:"recorded_at" binding:"required"`
}

// Record handles POST /v1/ratio/readings. Tablets resend a reading until
// they get a 2xx.
func (h *RatioHandler) Record(c *gin.Context) {
	var req readingRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	res, err := h.ratio.Record(c.Request.Context(), ratio.Reading{
		DeviceID:   req.DeviceID,
		Seq:        req.Seq,
		RoomID:     req.RoomID,
		Children:   req.Children,
		Staff:      req.Staff,
		RecordedAt: req.RecordedAt,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"required_staff": res.Required, "breached": res.Breached})
}
