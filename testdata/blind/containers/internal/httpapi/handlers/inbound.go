package handlers

import (
	"net/http"

	"github.com/quaymark/terminal-ops/internal/httpapi/middleware"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
	"github.com/quaymark/terminal-ops/internal/service/customs"
	"github.com/quaymark/terminal-ops/internal/service/edi"
)

// CustomsWebhook handles POST /webhooks/customs. The broker redelivers any
// event that is not answered with a 2xx.
func CustomsWebhook(svc CustomsService) http.HandlerFunc {
	return httpx.Handle(http.StatusOK, func(r *http.Request, ev customs.BrokerEvent) (map[string]string, error) {
		return map[string]string{"event_id": ev.EventID}, svc.Apply(r.Context(), ev)
	})
}

// PostCOPARN handles POST /partner/v1/coparn from shipping line gateways.
func PostCOPARN(svc PartnerInbound) http.HandlerFunc {
	return httpx.Handle(http.StatusAccepted, func(r *http.Request, msg edi.COPARN) (map[string]any, error) {
		n, err := svc.AcceptCOPARN(r.Context(), middleware.LineCode(r.Context()), msg)
		return map[string]any{"message_ref": msg.MessageRef, "lines": n}, err
	})
}
