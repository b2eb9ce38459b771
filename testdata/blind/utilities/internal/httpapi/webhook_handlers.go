package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/service"
)

// POST /v1/webhooks/gateway
//
// The gateway retries a webhook until it gets a 2xx, for up to three days.
func (s *Server) gatewayWebhook(c *gin.Context) {
	var evt service.GatewayEvent
	if err := c.ShouldBindJSON(&evt); err != nil {
		badRequest(c, err)
		return
	}
	if evt.ID == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "missing event id"})
		return
	}
	if err := s.payments.ApplyGatewayEvent(c.Request.Context(), evt); err != nil {
		s.log.ErrorContext(c.Request.Context(), "gateway webhook", "event_id", evt.ID, "err", err)
		c.JSON(http.StatusInternalServerError, gin.H{"error": "retry later"})
		return
	}
	c.Status(http.StatusNoContent)
}

// POST /v1/webhooks/bank
//
// The bank redelivers an event every 15 minutes until it is acknowledged.
func (s *Server) bankWebhook(c *gin.Context) {
	ctx := c.Request.Context()
	var evt service.BankEvent
	if err := c.ShouldBindJSON(&evt); err != nil {
		badRequest(c, err)
		return
	}
	seen, err := s.repos.Inbox.Seen(ctx, "bank", evt.EventID)
	if err != nil {
		fail(c, err)
		return
	}
	if seen {
		c.Status(http.StatusNoContent)
		return
	}
	switch evt.Type {
	case "collection.returned":
		err = s.dd.RecordReturn(ctx, evt)
	case "mandate.cancelled", "collection.accepted":
		s.log.InfoContext(ctx, "bank event noted", "type", evt.Type, "end_to_end_id", evt.EndToEndID)
	default:
		s.log.WarnContext(ctx, "unhandled bank event", "type", evt.Type)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "bank webhook", "event_id", evt.EventID, "err", err)
		c.JSON(http.StatusInternalServerError, gin.H{"error": "retry later"})
		return
	}
	if err := s.repos.Inbox.Mark(ctx, "bank", evt.EventID); err != nil {
		s.log.WarnContext(ctx, "mark bank event", "event_id", evt.EventID, "err", err)
	}
	c.Status(http.StatusNoContent)
}
