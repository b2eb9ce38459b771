package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/disburse"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/httpx"
)

// PartnerHandler receives payout status callbacks from payout partners.
type PartnerHandler struct {
	disburse disburse.Service
	secrets  map[string]string
	log      *slog.Logger
}

func NewPartnerHandler(d disburse.Service, cfg *config.Config, log *slog.Logger) *PartnerHandler {
	return &PartnerHandler{disburse: d, secrets: cfg.PartnerWebhookSecrets, log: log}
}

func (h *PartnerHandler) Mount(r *mux.Router) {
	r.HandleFunc("/webhooks/partners/{partner}/payouts", h.payoutStatus).Methods(http.MethodPost)
}

// partnerStatus normalises the two partners' callback bodies.
type partnerStatus struct {
	// BankWire
	CreditID string `json:"credit_id"`
	State    string `json:"state"`
	Reason   string `json:"return_reason"`
	// WalletPay
	TxnID   string `json:"txn_id"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

func (p partnerStatus) ref() string {
	if p.CreditID != "" {
		return p.CreditID
	}
	return p.TxnID
}

func (p partnerStatus) state() string {
	if p.State != "" {
		return p.State
	}
	return p.Status
}

func (p partnerStatus) reason() string {
	if p.Reason != "" {
		return p.Reason
	}
	return p.Message
}

func (h *PartnerHandler) verify(partner string, body []byte, sig string) bool {
	secret, ok := h.secrets[partner]
	if !ok || secret == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

func (h *PartnerHandler) payoutStatus(w http.ResponseWriter, r *http.Request) {
	partner := mux.Vars(r)["partner"]
	body, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if !h.verify(partner, body, r.Header.Get("X-Signature")) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var st partnerStatus
	if err := json.Unmarshal(body, &st); err != nil || st.ref() == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	err = h.disburse.PartnerStatus(r.Context(), partner, st.ref(), st.state(), st.reason())
	if errors.Is(err, domain.ErrNotFound) {
		// A callback can race our own write of partner_ref; let the partner retry.
		h.log.Warn("callback for unknown payout", "partner", partner, "ref", st.ref())
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if err != nil {
		httpx.Error(w, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}
