package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/httpx"
	"github.com/furrowline/seedbank/internal/providers/apiclient"
	"github.com/furrowline/seedbank/internal/providers/courier"
	"github.com/furrowline/seedbank/internal/providers/germlab"
	"github.com/furrowline/seedbank/internal/providers/payments"
)

// PaymentEvents applies Tillbird events.
type PaymentEvents interface {
	HandleEvent(ctx context.Context, evt *payments.Event) error
}

// LabResults applies lab results.
type LabResults interface {
	RecordResult(ctx context.Context, r *germlab.Result) error
}

// TrackingEvents applies courier tracking updates.
type TrackingEvents interface {
	HandleTracking(ctx context.Context, evt *courier.TrackingEvent) error
}

// WebhookVerifiers decode and authenticate provider callbacks.
type WebhookVerifiers struct {
	Payments func(body []byte, sig string) (*payments.Event, error)
	Lab      func(body []byte, sig string) (*germlab.Result, error)
	Courier  func(body []byte, sig string) (*courier.TrackingEvent, error)
}

// WebhookHandlers receive provider callbacks. Every provider redelivers a
// callback until it gets a 2xx, with backoff, for a day or more.
type WebhookHandlers struct {
	verify   WebhookVerifiers
	payments PaymentEvents
	lab      LabResults
	tracking TrackingEvents
	log      *slog.Logger
}

// NewWebhookHandlers builds WebhookHandlers.
func NewWebhookHandlers(verify WebhookVerifiers, p PaymentEvents, l LabResults, t TrackingEvents, log *slog.Logger) *WebhookHandlers {
	return &WebhookHandlers{verify: verify, payments: p, lab: l, tracking: t, log: log}
}

// hook is the shared shape of the three webhook endpoints: read the raw
// body, verify it, apply it, and answer 2xx only once it is applied.
func hook[E any](log *slog.Logger, sigHeader string, verify func([]byte, string) (*E, error), apply func(context.Context, *E) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := httpx.ReadRaw(r)
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		evt, err := verify(body, r.Header.Get(sigHeader))
		if err != nil {
			if errors.Is(err, apiclient.ErrBadSignature) {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if err := apply(r.Context(), evt); err != nil {
			if errors.Is(err, domain.ErrValidation) {
				// Malformed for us; retrying will not help.
				log.WarnContext(r.Context(), "webhook rejected", slog.String("path", r.URL.Path), slog.Any("err", err))
				w.WriteHeader(http.StatusOK)
				return
			}
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

// Payments handles POST /webhooks/payments.
func (h *WebhookHandlers) Payments(w http.ResponseWriter, r *http.Request) {
	hook(h.log, "Tillbird-Signature", h.verify.Payments, h.payments.HandleEvent)(w, r)
}

// Lab handles POST /webhooks/lab.
func (h *WebhookHandlers) Lab(w http.ResponseWriter, r *http.Request) {
	hook(h.log, "X-Lab-Signature", h.verify.Lab, h.lab.RecordResult)(w, r)
}

// Courier handles POST /webhooks/courier.
func (h *WebhookHandlers) Courier(w http.ResponseWriter, r *http.Request) {
	hook(h.log, "X-Parcelwren-Signature", h.verify.Courier, h.tracking.HandleTracking)(w, r)
}
