package api

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/kestrelfin/factoring/internal/provider/bankapi"
	"github.com/kestrelfin/factoring/internal/provider/openbanking"
)

// verifiedBody reads the request body and checks its signature with verify.
func verifiedBody(r *http.Request, header string, verify func(sig string, body []byte) bool) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 2<<20))
	if err != nil {
		return nil, false
	}
	return body, verify(r.Header.Get(header), body)
}

// POST /v1/webhooks/bank/statements
func (h *Handlers) bankStatementWebhook(w http.ResponseWriter, r *http.Request) {
	body, ok := verifiedBody(r, bankapi.SignatureHeader, func(sig string, b []byte) bool {
		return bankapi.VerifySignature(h.Webhooks.Bank, sig, b)
	})
	if !ok {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "bad_signature"})
		return
	}
	var wh bankapi.StatementWebhook
	if err := json.Unmarshal(body, &wh); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_payload"})
		return
	}
	n, err := h.Reconciliation.IngestStatement(r.Context(), wh)
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	h.Log.InfoContext(r.Context(), "statement ingested", "event", wh.EventID, "new_lines", n)
	w.WriteHeader(http.StatusNoContent)
}

// POST /v1/webhooks/bank/payouts
func (h *Handlers) bankPayoutWebhook(w http.ResponseWriter, r *http.Request) {
	body, ok := verifiedBody(r, bankapi.SignatureHeader, func(sig string, b []byte) bool {
		return bankapi.VerifySignature(h.Webhooks.Bank, sig, b)
	})
	if !ok {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "bad_signature"})
		return
	}
	var wh bankapi.PayoutWebhook
	if err := json.Unmarshal(body, &wh); err != nil || wh.PayoutID == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_payload"})
		return
	}
	if err := h.Payouts.ApplyBankStatus(r.Context(), wh.PayoutID, wh.Status, wh.Reason); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// POST /v1/webhooks/openbanking/payments
func (h *Handlers) paymentStatusWebhook(w http.ResponseWriter, r *http.Request) {
	body, ok := verifiedBody(r, openbanking.SignatureHeader, func(sig string, b []byte) bool {
		return openbanking.VerifySignature(h.Webhooks.OpenBanking, sig, b)
	})
	if !ok {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "bad_signature"})
		return
	}
	var ev openbanking.StatusEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.EventID == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_payload"})
		return
	}
	if err := h.Collections.HandleStatus(r.Context(), ev, body); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}
