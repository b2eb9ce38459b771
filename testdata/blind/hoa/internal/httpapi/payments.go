package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/payments"
)

// AccountsHandler serves owner-account money endpoints.
type AccountsHandler struct {
	payments payments.Service
	billing  billing.Service
	log      *slog.Logger
}

// NewAccountsHandler builds an AccountsHandler.
func NewAccountsHandler(p payments.Service, b billing.Service, log *slog.Logger) *AccountsHandler {
	return &AccountsHandler{payments: p, billing: b, log: log}
}

// Mount implements Mounter.
func (h *AccountsHandler) Mount(r chi.Router, auth func(http.Handler) http.Handler) {
	r.With(auth).Route("/accounts/{accountID}", func(r chi.Router) {
		r.Post("/payments", h.createPayment)
		r.Post("/adjustments", h.createAdjustment)
	})
}

// createPayment takes a one-off card payment from the owner portal.
func (h *AccountsHandler) createPayment(w http.ResponseWriter, r *http.Request) {
	accountID, err := uuidParam(r, "accountID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var req payments.PayRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	req.AccountID = accountID
	p, err := h.payments.PayNow(r.Context(), idempotencyKey(r), req)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, p)
}

// createAdjustment posts a manager's manual ledger correction.
func (h *AccountsHandler) createAdjustment(w http.ResponseWriter, r *http.Request) {
	accountID, err := uuidParam(r, "accountID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var req billing.AdjustmentRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	req.AccountID = accountID
	req.Actor = actorFrom(r.Context())
	adj, err := h.billing.ApplyAdjustment(r.Context(), idempotencyKey(r), req)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, adj)
}
