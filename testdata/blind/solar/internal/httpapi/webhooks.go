package httpapi

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"

	"github.com/sunrail/installs/internal/clients/distributor"
	"github.com/sunrail/installs/internal/clients/utility"
	"github.com/sunrail/installs/internal/financing"
	"github.com/sunrail/installs/internal/platform/httpx"
)

// StripeWebhook verifies and applies Stripe events.
type StripeWebhook interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
	Apply(ctx context.Context, evt stripe.Event) error
}

// FundingWebhook applies lender funding events.
type FundingWebhook interface {
	Process(ctx context.Context, evt financing.FundingEvent) error
}

// ShipmentWebhook verifies and applies distributor shipment events.
type ShipmentWebhook interface {
	VerifyWebhook(body []byte, signature string) (*distributor.ShipmentEvent, error)
	ApplyShipment(ctx context.Context, evt distributor.ShipmentEvent) error
}

// PTOWebhook verifies and applies utility PTO callbacks.
type PTOWebhook interface {
	VerifyWebhook(r *http.Request) bool
	RecordPTO(ctx context.Context, evt utility.PTOEvent) error
}

var errUnauthorized = errors.New("unauthorized")

func webhookError(w http.ResponseWriter, r *http.Request, source string, err error) {
	if errors.Is(err, errUnauthorized) {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	slog.ErrorContext(r.Context(), "webhook failed", "source", source, "err", err)
	httpx.Error(w, r, err)
}

// NewStripeWebhookHandler handles POST /webhooks/stripe.
func NewStripeWebhookHandler(h StripeWebhook) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		raw, err := httpx.ReadRaw(r)
		if err != nil {
			webhookError(w, r, "stripe", err)
			return
		}
		evt, err := h.ParseWebhook(raw, r.Header.Get("Stripe-Signature"))
		if err != nil {
			webhookError(w, r, "stripe", errors.Join(errUnauthorized, err))
			return
		}
		if err := h.Apply(r.Context(), evt); err != nil {
			webhookError(w, r, "stripe", err)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

// NewLendingWebhookHandler handles POST /webhooks/lending.
func NewLendingWebhookHandler(h FundingWebhook, token string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("X-Lender-Token")
		if subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			webhookError(w, r, "lending", errUnauthorized)
			return
		}
		var evt financing.FundingEvent
		if err := json.NewDecoder(r.Body).Decode(&evt); err != nil {
			webhookError(w, r, "lending", errors.Join(httpx.ErrBadRequest, err))
			return
		}
		if err := h.Process(r.Context(), evt); err != nil {
			webhookError(w, r, "lending", err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// NewDistributorWebhookHandler handles POST /webhooks/distributor.
func NewDistributorWebhookHandler(h ShipmentWebhook) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		raw, err := httpx.ReadRaw(r)
		if err != nil {
			webhookError(w, r, "distributor", err)
			return
		}
		evt, err := h.VerifyWebhook(raw, r.Header.Get("X-Distributor-Signature"))
		if err != nil {
			webhookError(w, r, "distributor", errors.Join(errUnauthorized, err))
			return
		}
		if err := h.ApplyShipment(r.Context(), *evt); err != nil {
			webhookError(w, r, "distributor", err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// NewUtilityPTOWebhookHandler handles POST /webhooks/utility/pto.
func NewUtilityPTOWebhookHandler(h PTOWebhook) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.VerifyWebhook(r) {
			webhookError(w, r, "utility", errUnauthorized)
			return
		}
		var evt utility.PTOEvent
		if err := json.NewDecoder(r.Body).Decode(&evt); err != nil {
			webhookError(w, r, "utility", errors.Join(httpx.ErrBadRequest, err))
			return
		}
		if err := h.RecordPTO(r.Context(), evt); err != nil {
			webhookError(w, r, "utility", err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}
