package xrelaysenduse

import (
	"net/http"

	"missingkey/xrelaysend"
)

// Handler serves payouts.
type Handler struct {
	Payouts *xrelaysend.Client
}

// AddBank registers a recipient without a key.
func (h *Handler) AddBank(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Payouts.CreateRecipient(r.Context(), r.FormValue("token")); err != nil { // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.do\(\) in xrelaysend.Client.CreateRecipient \(xrelaysend.go:\d+:\d+\) \(HTTP handler Handler.AddBank\)`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Pay pays without a key.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Payouts.CreatePayout(r.Context(), r.FormValue("recipient"), 500, ""); err != nil { // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the payout's key is the request's own.
func (h *Handler) PayOnce(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Payouts.CreatePayout(r.Context(), r.FormValue("recipient"), 500, r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: a read.
func (h *Handler) Status(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Payouts.GetPayout(r.Context(), r.FormValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
