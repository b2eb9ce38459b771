package httpapi

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/northsound/ferrydesk/internal/app"
)

type payRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

type paymentJSON struct {
	ID          uuid.UUID `json:"id"`
	Status      string    `json:"status"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	DeclineCode string    `json:"decline_code,omitempty"`
}

// payBooking charges the card for a held booking. The booking is confirmed
// asynchronously when Stripe reports the payment as succeeded.
func payBooking(svc PaymentService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathUUID(w, r, "bookingID")
		if !ok {
			return
		}
		var req payRequest
		if !decode(w, r, &req) {
			return
		}
		res, err := svc.Pay(r.Context(), app.PayInput{BookingID: id, PaymentMethodID: req.PaymentMethodID})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		status := http.StatusAccepted
		if res.DeclineCode != "" {
			status = http.StatusPaymentRequired
		}
		writeJSON(w, status, paymentJSON{
			ID: res.Payment.ID, Status: string(res.Payment.Status), AmountCents: res.Payment.AmountCents,
			Currency: res.Payment.Currency, DeclineCode: res.DeclineCode,
		})
	}
}

type goodwillRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Note        string `json:"note"`
}

// goodwillRefund lets a contact-centre agent return part of a fare.
func goodwillRefund(svc RefundService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathUUID(w, r, "bookingID")
		if !ok {
			return
		}
		var req goodwillRequest
		if !decode(w, r, &req) {
			return
		}
		key, err := svc.RequestGoodwill(r.Context(), app.GoodwillInput{
			BookingID: id, AmountCents: req.AmountCents, Note: req.Note, AgentID: agentFrom(r.Context()),
		})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusAccepted, map[string]string{"request_key": key, "status": "queued"})
	}
}

const maxWebhookBody = 256 << 10

// stripeWebhook verifies and applies Stripe events. Any non-2xx answer makes
// Stripe redeliver the event with backoff for up to three days.
func stripeWebhook(svc WebhookService, secret string, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		evt, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), secret,
			webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
		if err != nil {
			log.WarnContext(r.Context(), "stripe webhook rejected", "err", err)
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		if err := svc.Handle(r.Context(), evt); err != nil {
			log.ErrorContext(r.Context(), "stripe event failed", "event", evt.ID, "type", evt.Type, "err", err)
			http.Error(w, "retry later", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}
