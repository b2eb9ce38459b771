// Package inbound receives provider webhooks (Stripe and ShipBridge). Both
// providers redeliver until they get a 2xx.
package inbound

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/northwind-retail/rma/internal/provider/carrier"
	"github.com/northwind-retail/rma/internal/service/refunds"
)

type RefundEvents interface {
	ApplyStripeEvent(ctx context.Context, u refunds.RefundUpdate) error
}

type TrackingEvents interface {
	HandleTracking(ctx context.Context, ev carrier.TrackingWebhook) error
}

type Webhooks struct {
	Refunds       RefundEvents
	Tracking      TrackingEvents
	StripeSecret  string
	CarrierSecret string
	Log           *slog.Logger
}

const maxBody = 512 << 10

func (h *Webhooks) Stripe(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.StripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		h.Log.WarnContext(r.Context(), "stripe webhook rejected", "err", err)
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}

	switch ev.Type {
	case "refund.created", "refund.updated", "refund.failed", "charge.refund.updated":
	default:
		w.WriteHeader(http.StatusOK)
		return
	}
	var ref stripe.Refund
	if err := json.Unmarshal(ev.Data.Raw, &ref); err != nil {
		h.Log.ErrorContext(r.Context(), "decode stripe refund", "event_id", ev.ID, "err", err)
		w.WriteHeader(http.StatusOK)
		return
	}
	err = h.Refunds.ApplyStripeEvent(r.Context(), refunds.RefundUpdate{
		EventID:        ev.ID,
		EventType:      string(ev.Type),
		StripeRefundID: ref.ID,
		Status:         string(ref.Status),
		FailureReason:  string(ref.FailureReason),
	})
	if err != nil {
		h.Log.ErrorContext(r.Context(), "apply stripe event", "event_id", ev.ID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *Webhooks) Carrier(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if err := carrier.VerifyWebhook(h.CarrierSecret, payload, r.Header.Get("X-ShipBridge-Signature")); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev carrier.TrackingWebhook
	if err := json.Unmarshal(payload, &ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if ev.EventID == "" {
		http.Error(w, "missing event_id", http.StatusBadRequest)
		return
	}
	if err := h.Tracking.HandleTracking(r.Context(), ev); err != nil {
		if errors.Is(err, context.Canceled) {
			return
		}
		h.Log.ErrorContext(r.Context(), "apply tracking event", "event_id", ev.EventID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
