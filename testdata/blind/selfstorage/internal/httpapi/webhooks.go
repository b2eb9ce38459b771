package httpapi

import (
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/baywarden/storagedesk/internal/provider/insurer"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
)

const maxWebhookBody = 1 << 20

func (s *Server) stripeWebhook(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	ev, err := stripepay.ParseEvent(payload, c.GetHeader("Stripe-Signature"), s.StripeSecret)
	if err != nil {
		s.Metrics.Webhooks.WithLabelValues("stripe", "unknown", "bad_signature").Inc()
		c.Status(http.StatusBadRequest)
		return
	}
	if !s.StripeEvents.Handles(ev.Type) {
		s.Metrics.Webhooks.WithLabelValues("stripe", string(ev.Type), "ignored").Inc()
		c.Status(http.StatusOK)
		return
	}
	if err := s.StripeEvents.Handle(c.Request.Context(), &ev); err != nil {
		s.Metrics.Webhooks.WithLabelValues("stripe", string(ev.Type), "error").Inc()
		s.Log.ErrorContext(c.Request.Context(), "stripe webhook", "event", ev.ID, "type", ev.Type, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	s.Metrics.Webhooks.WithLabelValues("stripe", string(ev.Type), "ok").Inc()
	c.Status(http.StatusOK)
}

func (s *Server) insurerWebhook(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	ev, err := insurer.ParseEvent(body, c.GetHeader("X-CoverBay-Signature"), s.InsurerSecret)
	if err != nil {
		s.Metrics.Webhooks.WithLabelValues("insurer", "unknown", "bad_signature").Inc()
		c.Status(http.StatusUnauthorized)
		return
	}
	if err := s.Insurance.ApplyPartnerEvent(c.Request.Context(), ev); err != nil {
		s.Metrics.Webhooks.WithLabelValues("insurer", ev.Type, "error").Inc()
		s.Log.ErrorContext(c.Request.Context(), "insurer webhook", "event", ev.ID, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	s.Metrics.Webhooks.WithLabelValues("insurer", ev.Type, "ok").Inc()
	c.Status(http.StatusOK)
}
