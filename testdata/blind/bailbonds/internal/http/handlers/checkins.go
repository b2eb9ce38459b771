package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/keystonebail/bondline/internal/checkins"
	"github.com/keystonebail/bondline/internal/platform/httpx"
)

// CheckinService is what the check-in handler needs.
type CheckinService interface {
	Record(ctx context.Context, c *checkins.Checkin) (bool, error)
}

// Checkins serves the indemnitor app.
type Checkins struct {
	Svc CheckinService
}

type checkinRequest struct {
	CheckinID   uuid.UUID `json:"checkin_id" binding:"required"`
	CheckedInAt time.Time `json:"checked_in_at" binding:"required"`
	Latitude    *float64  `json:"latitude"`
	Longitude   *float64  `json:"longitude"`
	Note        string    `json:"note" binding:"max=500"`
}

// Record handles POST /v1/indemnitors/:id/checkins.
func (h Checkins) Record(c *gin.Context) {
	indID, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	var req checkinRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	ck := &checkins.Checkin{
		ID:           req.CheckinID,
		IndemnitorID: indID,
		CheckedInAt:  req.CheckedInAt,
		Latitude:     req.Latitude,
		Longitude:    req.Longitude,
		Note:         req.Note,
	}
	created, err := h.Svc.Record(c.Request.Context(), ck)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	c.JSON(status, ck)
}
