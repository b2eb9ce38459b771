package httpapi

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/logx"
)

// StripeEventHandler applies a verified Stripe event.
type StripeEventHandler interface {
	Handle(ctx context.Context, ev stripepay.Event) error
}

// CarrierBatchHandler applies a verified carrier tracking batch.
type CarrierBatchHandler interface {
	Handle(ctx context.Context, batch carrier.WebhookBatch) error
}

func stripeWebhook(secret string, h StripeEventHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(io.LimitReader(r.Body, 512<<10))
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		ev, err := stripepay.ParseEvent(payload, r.Header.Get("Stripe-Signature"), secret)
		if err != nil {
			logx.From(r.Context()).Warn("stripe webhook rejected", "err", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if err := h.Handle(r.Context(), ev); err != nil {
			logx.From(r.Context()).Error("stripe webhook failed", "event", ev.ID, "type", ev.Type, "err", err)
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
}

func carrierWebhook(secret string, h CarrierBatchHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		batch, err := carrier.ParseWebhook(body, r.Header.Get("X-Parcelpoint-Signature"), secret)
		if errors.Is(err, carrier.ErrBadSignature) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if err := h.Handle(r.Context(), batch); err != nil {
			logx.From(r.Context()).Error("carrier webhook failed", "events", len(batch.Events), "err", err)
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}
