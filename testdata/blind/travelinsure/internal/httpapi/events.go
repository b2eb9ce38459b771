package httpapi

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/skyguard-travel/policyhub/internal/partners"
	"github.com/skyguard-travel/policyhub/internal/premiums"
)

type eventHandlers struct {
	partners partners.Service
	webhooks premiums.WebhookProcessor
	log      *slog.Logger
}

// bookingEvent receives booking changes from partners. Partners retry on
// any non-2xx answer.
func (h *eventHandlers) bookingEvent(c *gin.Context) {
	var ev partners.BookingEvent
	if err := c.ShouldBindJSON(&ev); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := h.partners.ApplyBookingEvent(c.Request.Context(), partnerFrom(c).ID, ev); err != nil {
		writeError(c, h.log, err)
		return
	}
	c.Status(http.StatusAccepted)
}

// paygate receives PayGate webhooks. PayGate retries with backoff for three
// days until it gets a 2xx.
func (h *eventHandlers) paygate(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.webhooks.Process(c.Request.Context(), payload, c.GetHeader("PayGate-Signature")); err != nil {
		writeError(c, h.log, err)
		return
	}
	c.Status(http.StatusOK)
}
