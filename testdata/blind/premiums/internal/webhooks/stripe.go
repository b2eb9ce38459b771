package webhooks

import (
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/pawsure/premiums/internal/service/billing"
)

// StripeEvents handles POST /webhooks/stripe. Stripe retries undelivered
// events for up to three days with the same event id.
func StripeEvents(svc billing.Service, secret string, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(r)
		if err != nil {
			reply(w, http.StatusBadRequest, nil)
			return
		}
		evt, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), secret)
		if err != nil {
			log.Warn("stripe signature rejected", "err", err)
			reply(w, http.StatusBadRequest, nil)
			return
		}
		if err := svc.ApplyStripeEvent(r.Context(), evt); err != nil {
			log.Error("stripe event failed", "event_id", evt.ID, "type", evt.Type, "err", err)
			reply(w, http.StatusInternalServerError, nil)
			return
		}
		reply(w, http.StatusOK, nil)
	}
}
