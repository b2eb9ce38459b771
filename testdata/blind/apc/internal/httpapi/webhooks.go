package httpapi

import (
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/quillpress/apcdesk/internal/domain"
)

const webhookTolerance = 5 * time.Minute

// paystreamWebhook receives payment status changes. Paystream retries any
// delivery that does not get a 2xx within 10 seconds, for up to three days.
func (s *Server) paystreamWebhook(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 256<<10))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	ev, err := s.Webhooks.ParseWebhook(body, c.GetHeader("Paystream-Signature"), webhookTolerance)
	if err != nil {
		s.Log.WarnContext(c.Request.Context(), "rejected webhook", "err", err)
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	err = s.Payments.HandleProviderEvent(c.Request.Context(), domain.PaymentEvent{
		ProviderEventID:   ev.ID,
		Type:              ev.Type,
		ProviderPaymentID: ev.Data.PaymentID,
		Payload:           body,
		ReceivedAt:        time.Now().UTC(),
	})
	if err != nil {
		s.Log.ErrorContext(c.Request.Context(), "webhook handling failed", "event", ev.ID, "type", ev.Type, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusNoContent)
}
