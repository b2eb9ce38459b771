package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/prairiegold/graincoop/internal/service"
)

// POST /v1/tickets/manual
func (h *handlers) manualTicket(c *gin.Context) {
	in, ok := bind[service.ManualTicketInput](c)
	if !ok {
		return
	}
	t, created, err := h.d.Tickets.CaptureManual(c.Request.Context(), in)
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, t)
}

// POST /v1/elevators/:elevator/tickets/:ticket/reweigh
func (h *handlers) requestReweigh(c *gin.Context) {
	in, ok := bind[service.ReweighInput](c)
	if !ok {
		return
	}
	msgID, err := h.d.Tickets.RequestReweigh(c.Request.Context(), c.Param("elevator"), c.Param("ticket"), in, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"command_id": msgID})
}
