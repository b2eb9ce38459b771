package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wayfare/ridepay/internal/tips"
)

type tipHandler struct {
	svc tips.Service
	log *slog.Logger
}

// create handles POST /v1/trips/:trip_id/tips.
func (h *tipHandler) create(c *gin.Context) {
	key, ok := idempotencyKey(c)
	if !ok {
		return
	}
	var req tips.Request
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err.Error())
		return
	}
	req.TripID = c.Param("trip_id")
	if sub := subject(c); sub != "" && sub != req.RiderID.String() {
		c.JSON(http.StatusForbidden, gin.H{"error": "cannot tip on behalf of another rider"})
		return
	}
	res, err := h.svc.AddTip(c.Request.Context(), key, req)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, res)
}
