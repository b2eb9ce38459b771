package api

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/provider/bank"
)

// stripeWebhook receives Stripe events. Stripe retries any delivery that
// does not get a 2xx within its timeout, for up to three days.
func (h *Handlers) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 512<<10))
	if err != nil {
		h.writeError(w, r, httpx.BadRequest("read body: %v", err))
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.StripeWebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		h.writeError(w, r, httpx.BadRequest("signature: %v", err))
		return
	}
	if err := h.Inbound.HandleStripe(r.Context(), ev); err != nil {
		h.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// bankWebhook receives transfer notifications from the bank partner, which
// redelivers until it gets a 2xx.
func (h *Handlers) bankWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 512<<10))
	if err != nil {
		h.writeError(w, r, httpx.BadRequest("read body: %v", err))
		return
	}
	if err := bank.VerifyWebhook(h.BankWebhookSecret, r.Header.Get("X-Bank-Signature"), payload); err != nil {
		h.writeError(w, r, httpx.BadRequest("%v", err))
		return
	}
	var ev bank.WebhookEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		h.writeError(w, r, httpx.BadRequest("decode: %v", err))
		return
	}
	if err := h.Inbound.HandleBank(r.Context(), ev); err != nil {
		h.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
