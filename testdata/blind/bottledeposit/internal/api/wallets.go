package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/wallet"
)

type walletResponse struct {
	ID           string `json:"id"`
	Phone        string `json:"phone"`
	DisplayName  string `json:"display_name,omitempty"`
	BalanceCents int64  `json:"balance_cents"`
	Token        string `json:"token,omitempty"`
}

func toWalletResponse(w store.Wallet) walletResponse {
	return walletResponse{
		ID:           w.ID.String(),
		Phone:        w.Phone,
		DisplayName:  w.DisplayName.String,
		BalanceCents: w.BalanceCents,
	}
}

type registerRequest struct {
	Phone       string `json:"phone"`
	DisplayName string `json:"display_name"`
}

// registerWallet handles POST /v1/wallets. The app calls it on first start
// and again after a reinstall; the phone number identifies the wallet.
func (s *Server) registerWallet(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	wl, err := s.Wallets.Register(r.Context(), req.Phone, req.DisplayName)
	if errors.Is(err, wallet.ErrInvalidPhone) {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	if err != nil {
		logFrom(r.Context()).Error("register wallet", "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	resp := toWalletResponse(wl)
	if issuer, ok := s.Tokens.(interface{ Issue(uuid.UUID) string }); ok {
		resp.Token = issuer.Issue(wl.ID)
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) getWallet(w http.ResponseWriter, r *http.Request) {
	wl, err := s.Wallets.Get(r.Context(), walletFrom(r.Context()))
	if errors.Is(err, wallet.ErrNotFound) {
		writeError(w, http.StatusNotFound, "wallet not found")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, toWalletResponse(wl))
}

func (s *Server) listEntries(w http.ResponseWriter, r *http.Request) {
	limit := int32(50)
	if v, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && v > 0 && v <= 500 {
		limit = int32(v)
	}
	entries, err := s.Wallets.Entries(r.Context(), walletFrom(r.Context()), limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"entries": entries})
}

type linkAccountRequest struct {
	Rail        string `json:"rail"`
	Destination string `json:"destination"`
	HolderName  string `json:"holder_name"`
}

// linkAccount handles POST /v1/wallets/{walletID}/payout-accounts.
func (s *Server) linkAccount(w http.ResponseWriter, r *http.Request) {
	var req linkAccountRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	acct, err := s.Wallets.LinkAccount(r.Context(), walletFrom(r.Context()), req.Rail, req.Destination, req.HolderName)
	switch {
	case errors.Is(err, wallet.ErrInvalidAccount):
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	case errors.Is(err, wallet.ErrNotFound):
		writeError(w, http.StatusNotFound, "wallet not found")
		return
	case err != nil:
		logFrom(r.Context()).Error("link account", "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, acct)
}

type payoutRequest struct {
	AccountID   string `json:"account_id"`
	AmountCents int64  `json:"amount_cents"`
}

type payoutResponse struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Rail        string `json:"rail"`
	AmountCents int64  `json:"amount_cents"`
}

func toPayoutResponse(p store.Payout) payoutResponse {
	return payoutResponse{ID: p.ID.String(), Status: p.Status, Rail: p.Rail, AmountCents: p.AmountCents}
}

// requestPayout handles POST /v1/wallets/{walletID}/payouts. The app sends
// an Idempotency-Key per payout screen.
func (s *Server) requestPayout(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeError(w, http.StatusBadRequest, "Idempotency-Key header is required")
		return
	}
	var req payoutRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	p, err := s.Payouts.RequestPayout(r.Context(), payouts.Request{
		WalletID:        walletFrom(r.Context()),
		AccountID:       req.AccountID,
		AmountCents:     req.AmountCents,
		ClientRequestID: key,
	})
	switch {
	case errors.Is(err, payouts.ErrAmount), errors.Is(err, payouts.ErrAccountMismatch):
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	case errors.Is(err, wallet.ErrInsufficientFunds):
		writeError(w, http.StatusConflict, err.Error())
		return
	case err != nil:
		logFrom(r.Context()).Error("request payout", "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusAccepted, toPayoutResponse(p))
}

func (s *Server) getPayout(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "payoutID"))
	if err != nil {
		writeError(w, http.StatusNotFound, "payout not found")
		return
	}
	p, err := s.Payouts.Get(r.Context(), id)
	if errors.Is(err, payouts.ErrNotFound) || (err == nil && p.WalletID != walletFrom(r.Context())) {
		writeError(w, http.StatusNotFound, "payout not found")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, toPayoutResponse(p))
}

type donationRequest struct {
	Charity     string `json:"charity"`
	AmountCents int64  `json:"amount_cents"`
}

var charities = map[string]bool{"redcross": true, "foodbank": true, "oceancleanup": true}

// donate handles POST /v1/wallets/{walletID}/donations.
func (s *Server) donate(w http.ResponseWriter, r *http.Request) {
	var req donationRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !charities[req.Charity] {
		writeError(w, http.StatusUnprocessableEntity, "unknown charity")
		return
	}
	d, err := s.Wallets.Donate(r.Context(), walletFrom(r.Context()), req.Charity, req.AmountCents)
	if errors.Is(err, wallet.ErrInsufficientFunds) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		logFrom(r.Context()).Error("donate", "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusCreated, d)
}
