package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/harborline/claims/internal/platform/httpx"
	"github.com/harborline/claims/internal/platform/logx"
	"github.com/harborline/claims/internal/repairs"
)

// WebhooksHandler receives provider webhooks. Providers retry until they
// get a 2xx.
type WebhooksHandler struct {
	payouts        PayoutService
	stripeVerifier StripeVerifier
	repairs        RepairService
	partner        PartnerVerifier
	adapter        *httpx.Adapter
}

// NewWebhooksHandler builds a WebhooksHandler.
func NewWebhooksHandler(p PayoutService, sv StripeVerifier, r RepairService, pv PartnerVerifier, a *httpx.Adapter) *WebhooksHandler {
	return &WebhooksHandler{payouts: p, stripeVerifier: sv, repairs: r, partner: pv, adapter: a}
}

const maxWebhookBody = 512 << 10

// Stripe handles POST /v1/webhooks/stripe.
func (h *WebhooksHandler) Stripe(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		h.adapter.WriteError(w, r, httpx.BadRequest("read body"))
		return
	}
	evt, err := h.stripeVerifier.VerifyEvent(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		h.adapter.WriteError(w, r, httpx.BadRequest("signature verification failed"))
		return
	}
	ctx := logx.With(r.Context(), "stripe_event", evt.ID, "stripe_type", evt.Type)
	if err := h.payouts.HandleStripeEvent(ctx, evt); err != nil {
		h.adapter.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type partnerWebhook struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
	Data    struct {
		BookingReference string `json:"booking_reference"`
		InvoiceReference string `json:"invoice_reference"`
		AmountCents      int64  `json:"amount_cents"`
	} `json:"data"`
}

// RepairShop handles POST /v1/webhooks/repairshop.
func (h *WebhooksHandler) RepairShop(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		h.adapter.WriteError(w, r, httpx.BadRequest("read body"))
		return
	}
	if err := h.partner.VerifySignature(payload, r.Header.Get("X-Partner-Signature")); err != nil {
		h.adapter.WriteError(w, r, httpx.BadRequest("signature verification failed"))
		return
	}
	var in partnerWebhook
	if err := json.Unmarshal(payload, &in); err != nil || in.EventID == "" {
		h.adapter.WriteError(w, r, httpx.BadRequest("malformed webhook"))
		return
	}
	err = h.repairs.HandlePartnerEvent(r.Context(), repairs.PartnerEvent{
		ID:         in.EventID,
		Type:       in.Type,
		BookingRef: in.Data.BookingReference,
		InvoiceRef: in.Data.InvoiceReference,
		AmountCent: in.Data.AmountCents,
	})
	if err != nil {
		h.adapter.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
