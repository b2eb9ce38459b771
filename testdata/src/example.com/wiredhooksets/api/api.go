// Package api receives a payment provider's webhooks, two endpoints
// through one helper.
package api

import (
	"context"
	"net/http"
)

// Event is a webhook's event.
type Event struct{ ID string }

// PaymentEvents handles payment events.
type PaymentEvents interface {
	HandlePayment(ctx context.Context, evt Event) error
}

// BillingEvents handles billing events.
type BillingEvents interface {
	HandleBilling(ctx context.Context, evt Event) error
}

// Handler serves the webhooks.
type Handler struct {
	Payments PaymentEvents
	Billing  BillingEvents
}

func (h *Handler) webhook(w http.ResponseWriter, r *http.Request, handle func(context.Context, Event) error) {
	if err := handle(r.Context(), Event{ID: r.Header.Get("Webhook-Id")}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Payments receives payment events.
func (h *Handler) PaymentsHook(w http.ResponseWriter, r *http.Request) {
	h.webhook(w, r, h.Payments.HandlePayment)
}

// BillingHook receives billing events.
func (h *Handler) BillingHook(w http.ResponseWriter, r *http.Request) {
	h.webhook(w, r, h.Billing.HandleBilling)
}
