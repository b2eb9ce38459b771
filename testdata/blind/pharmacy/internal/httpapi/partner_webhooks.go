package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/cedarleaf/pharmacy/internal/claims"
	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/provider/courier"
	"github.com/cedarleaf/pharmacy/internal/provider/twilio"
)

// StripeWebhook handles POST /webhooks/stripe. Stripe retries for up to
// three days until it gets a 2xx.
func (h *Handler) StripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	ev, err := h.Billing.ParseStripeWebhook(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		httpx.JSON(w, http.StatusBadRequest, httpx.NewError(http.StatusBadRequest, "bad_signature", err.Error()))
		return
	}
	if err := h.Billing.HandleStripeEvent(r.Context(), ev); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// CourierWebhook handles POST /webhooks/courier. The courier redelivers every
// event until acknowledged, with the same event_id.
func (h *Handler) CourierWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	if !httpx.VerifyHMAC(h.Secrets.CourierWebhookSecret, body, r.Header.Get("X-Courier-Signature")) {
		httpx.JSON(w, http.StatusUnauthorized, httpx.NewError(http.StatusUnauthorized, "bad_signature", "signature mismatch"))
		return
	}
	ev, err := courier.ParseEvent(body)
	if err != nil || ev.EventID == "" {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	if err := h.Delivery.HandleEvent(r.Context(), ev); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// PBMAdjudicationCallback handles POST /webhooks/pbm/adjudications.
func (h *Handler) PBMAdjudicationCallback(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	if !httpx.VerifyHMAC(h.Secrets.PBMWebhookSecret, body, r.Header.Get("X-PBM-Signature")) {
		httpx.JSON(w, http.StatusUnauthorized, httpx.NewError(http.StatusUnauthorized, "bad_signature", "signature mismatch"))
		return
	}
	var cb claims.Callback
	if err := json.Unmarshal(body, &cb); err != nil || cb.EventID == "" || cb.ClaimRef == "" {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	if err := h.Claims.HandleCallback(r.Context(), cb); err != nil {
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// TwilioStatusCallback handles POST /webhooks/twilio/status.
func (h *Handler) TwilioStatusCallback(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	fullURL := h.Secrets.PublicBaseURL + r.URL.RequestURI()
	if !twilio.ValidateSignature(h.Secrets.TwilioAuthToken, fullURL, r.PostForm, r.Header.Get("X-Twilio-Signature")) {
		httpx.JSON(w, http.StatusForbidden, httpx.NewError(http.StatusForbidden, "bad_signature", "signature mismatch"))
		return
	}
	sid := r.PostForm.Get("MessageSid")
	status := r.PostForm.Get("MessageStatus")
	if sid == "" || status == "" {
		fail(w, r, httpx.ErrBadRequest)
		return
	}
	if err := h.Notifications.StatusCallback(r.Context(), sid, status, r.PostForm.Get("ErrorCode")); err != nil {
		logx.From(r.Context()).Error("twilio status callback", slog.Any("err", err))
		fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
