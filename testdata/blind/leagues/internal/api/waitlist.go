package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/rs/xid"

	"github.com/fieldday/leagues/internal/service"
)

// WaitlistHandler serves waitlist routes.
type WaitlistHandler struct {
	waitlist service.WaitlistService
}

// NewWaitlistHandler builds the handler.
func NewWaitlistHandler(w service.WaitlistService) *WaitlistHandler {
	return &WaitlistHandler{waitlist: w}
}

func (h *WaitlistHandler) register(r gin.IRoutes) {
	r.POST("/v1/waitlist", h.Join)
	r.POST("/v1/waitlist/:id/withdraw", h.Withdraw)
}

// Join handles POST /v1/waitlist.
func (h *WaitlistHandler) Join(c *gin.Context) {
	var in service.JoinInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	// Entry IDs are xids: they sort by join time, which is what the
	// coordinators' waitlist export is ordered by.
	entryID := xid.New().String()
	entry, pos, err := h.waitlist.Join(c.Request.Context(), entryID, in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"entry": entry, "position": pos})
}

// Withdraw handles POST /v1/waitlist/:id/withdraw.
func (h *WaitlistHandler) Withdraw(c *gin.Context) {
	entry, err := h.waitlist.Withdraw(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, entry)
}
