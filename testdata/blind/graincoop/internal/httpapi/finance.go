package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/prairiegold/graincoop/internal/service"
)

// POST /v1/advances
func (h *handlers) requestAdvance(c *gin.Context) {
	in, ok := bind[service.AdvanceRequestInput](c)
	if !ok {
		return
	}
	adv, err := h.d.Advances.Request(c.Request.Context(), in, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, adv)
}

// POST /v1/advances/:id/approve
func (h *handlers) approveAdvance(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	adv, err := h.d.Advances.Approve(c.Request.Context(), id, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, adv)
}

// GET /v1/settlements/:id
func (h *handlers) getSettlement(c *gin.Context) {
	id, ok := int64Param(c, "id")
	if !ok {
		return
	}
	st, err := h.d.SettlementsRO.Get(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, st)
}

// POST /v1/settlements/:id/payout
func (h *handlers) payoutSettlement(c *gin.Context) {
	id, ok := int64Param(c, "id")
	if !ok {
		return
	}
	p, err := h.d.Settlements.Payout(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, p)
}
