package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/tickets"
	"github.com/pantloop/deposit/internal/wallet"
)

type adjustmentRequest struct {
	Ref         string `json:"ref"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Actor       string `json:"actor"`
}

// adjustWallet handles POST /admin/wallets/{walletID}/adjustments. The back
// office generates the ref when the support agent opens the form.
func (s *Server) adjustWallet(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "walletID"))
	if err != nil {
		writeError(w, http.StatusNotFound, "wallet not found")
		return
	}
	var req adjustmentRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	applied, err := s.Wallets.Adjust(r.Context(), wallet.Adjustment{
		Ref:         req.Ref,
		WalletID:    id,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Actor:       req.Actor,
	})
	switch {
	case errors.Is(err, wallet.ErrInsufficientFunds):
		writeError(w, http.StatusConflict, err.Error())
		return
	case pgutil.IsForeignKeyViolation(err):
		writeError(w, http.StatusNotFound, "wallet not found")
		return
	case err != nil:
		logFrom(r.Context()).Error("adjust wallet", "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ref": req.Ref, "applied": applied})
}

// retryPayout handles POST /admin/payouts/{payoutID}/retry.
func (s *Server) retryPayout(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "payoutID"))
	if err != nil {
		writeError(w, http.StatusNotFound, "payout not found")
		return
	}
	p, err := s.Payouts.Retry(r.Context(), id)
	switch {
	case errors.Is(err, payouts.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
		return
	case errors.Is(err, payouts.ErrNotRetryable), errors.Is(err, wallet.ErrInsufficientFunds):
		writeError(w, http.StatusConflict, err.Error())
		return
	case err != nil:
		logFrom(r.Context()).Error("retry payout", "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusAccepted, toPayoutResponse(p))
}

type manualTicketRequest struct {
	FaultCode   string `json:"fault_code"`
	Severity    string `json:"severity"`
	Description string `json:"description"`
}

// openManualTicket handles POST /admin/kiosks/{kioskID}/tickets.
func (s *Server) openManualTicket(w http.ResponseWriter, r *http.Request) {
	var req manualTicketRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	t, err := s.Tickets.OpenManual(r.Context(), tickets.ManualTicket{
		KioskID:     chi.URLParam(r, "kioskID"),
		FaultCode:   req.FaultCode,
		Severity:    req.Severity,
		Description: req.Description,
	})
	if pgutil.IsNoRows(err) {
		writeError(w, http.StatusNotFound, "kiosk not found")
		return
	}
	if err != nil {
		logFrom(r.Context()).Error("open manual ticket", "err", err)
		writeError(w, http.StatusBadGateway, "could not open ticket")
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id":                t.ID,
		"partner_ticket_id": t.PartnerTicketID.String,
		"status":            t.Status,
	})
}
