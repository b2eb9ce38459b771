package httpapi

import (
	"crypto/subtle"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/quillsign/esign/internal/app"
)

// webhookHandlers receive callbacks from providers. A non-2xx response makes
// the provider deliver the callback again later.
type webhookHandlers struct {
	billing      app.BillingService
	smsStatus    app.SMSStatusService
	stripeSecret string
	smsToken     string
	log          *slog.Logger
	now          app.Clock
}

func (h *webhookHandlers) stripe(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.stripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		http.Error(w, "invalid signature", http.StatusBadRequest)
		return
	}
	if err := h.billing.HandleStripeEvent(r.Context(), ev); err != nil {
		h.log.ErrorContext(r.Context(), "stripe event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		http.Error(w, "event not processed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// smsStatusCallback receives Textrelay delivery receipts (form-encoded).
func (h *webhookHandlers) smsStatusCallback(w http.ResponseWriter, r *http.Request) {
	if subtle.ConstantTimeCompare([]byte(r.URL.Query().Get("token")), []byte(h.smsToken)) != 1 {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	cb := app.SMSStatusCallback{
		MessageID: r.PostForm.Get("MessageSid"),
		Status:    r.PostForm.Get("MessageStatus"),
		ErrorCode: r.PostForm.Get("ErrorCode"),
		At:        h.now(),
	}
	if err := h.smsStatus.Record(r.Context(), cb); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
