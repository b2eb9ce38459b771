// Package api serves settlements.
package api

import (
	"context"
	"net/http"
	"strconv"
)

// Settler settles loads.
type Settler interface {
	Settle(ctx context.Context, load string, cents int64) error
	SettleAtOnce(ctx context.Context, load string, cents int64) error
	Transfer(ctx context.Context, account, key string, cents int64) error
	TransferOnce(ctx context.Context, account, key string, cents int64) error
	TransferAfterClaim(ctx context.Context, account, key string, cents int64) error
	Charge(ctx context.Context, account string, cents int64) error
}

// Handler serves the routes.
type Handler struct{ Svc Settler }

// Settle settles a load.
func (h *Handler) Settle(w http.ResponseWriter, r *http.Request) {
	cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
	if err := h.Svc.Settle(r.Context(), r.PathValue("load"), cents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// SettleAtOnce settles a load in one unit of work.
func (h *Handler) SettleAtOnce(w http.ResponseWriter, r *http.Request) {
	cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
	if err := h.Svc.SettleAtOnce(r.Context(), r.PathValue("load"), cents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Transfer moves money under the request's key.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
	if err := h.Svc.Transfer(r.Context(), r.PathValue("account"), r.Header.Get("Idempotency-Key"), cents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// TransferOnce moves money under the request's key, once.
func (h *Handler) TransferOnce(w http.ResponseWriter, r *http.Request) {
	cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
	if err := h.Svc.TransferOnce(r.Context(), r.PathValue("account"), r.Header.Get("Idempotency-Key"), cents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// TransferAfterClaim moves money under the request's key, claimed first.
func (h *Handler) TransferAfterClaim(w http.ResponseWriter, r *http.Request) {
	cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
	if err := h.Svc.TransferAfterClaim(r.Context(), r.PathValue("account"), r.Header.Get("Idempotency-Key"), cents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Charge charges an account.
func (h *Handler) Charge(w http.ResponseWriter, r *http.Request) {
	cents, _ := strconv.ParseInt(r.FormValue("cents"), 10, 64)
	if err := h.Svc.Charge(r.Context(), r.PathValue("account"), cents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
