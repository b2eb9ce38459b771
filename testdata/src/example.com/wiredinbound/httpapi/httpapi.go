// Package httpapi receives the payment provider's webhooks.
package httpapi

import (
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredinbound/billing"
)

// Events applies a provider's event.
type Events interface {
	Handle(ctx context.Context, evt billing.Event) error
}

// Handler serves the webhooks.
type Handler struct {
	Events Events
}

// Webhook applies the event the provider posts; it redelivers until it
// gets a 2xx.
func (h *Handler) Webhook(w http.ResponseWriter, r *http.Request) {
	var evt billing.Event
	if err := json.NewDecoder(r.Body).Decode(&evt); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.Events.Handle(r.Context(), evt); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Sales buys listings.
type Sales interface {
	Buy(ctx context.Context, id string) error
	BuyQuoted(ctx context.Context, id string) error
}

// Shop serves the storefront.
type Shop struct {
	Sales Sales
}

// Buy buys the listing the form names; clients retry on a timeout.
func (h *Shop) Buy(w http.ResponseWriter, r *http.Request) {
	if err := h.Sales.Buy(r.Context(), r.FormValue("listing")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// BuyQuoted buys the listing at a partner's price.
func (h *Shop) BuyQuoted(w http.ResponseWriter, r *http.Request) {
	if err := h.Sales.BuyQuoted(r.Context(), r.FormValue("listing")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// Payer takes payments.
type Payer interface {
	Pay(ctx context.Context, orderID string) error
}

// Till serves payments.
type Till struct {
	Payer Payer
}

// Pay pays the order the form names.
func (h *Till) Pay(w http.ResponseWriter, r *http.Request) {
	if err := h.Payer.Pay(r.Context(), r.FormValue("order")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
