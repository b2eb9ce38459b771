package api

import (
	"io"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/providers/gateway"
	"github.com/brightlane/adbilling/internal/service"
)

type cardTopUpRequest struct {
	AmountMicros    int64  `json:"amount_micros"`
	PaymentMethodID string `json:"payment_method_id"`
}

type topUpResponse struct {
	ID            string `json:"id"`
	AdvertiserID  string `json:"advertiser_id"`
	Method        string `json:"method"`
	AmountMicros  int64  `json:"amount_micros"`
	Currency      string `json:"currency"`
	Status        string `json:"status"`
	FailureReason string `json:"failure_reason,omitempty"`
}

// CardTopUp handles POST /v1/advertisers/{advertiserID}/topups/card.
func (h *Handlers) CardTopUp(w http.ResponseWriter, r *http.Request) {
	var req cardTopUpRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	tu, err := h.topups.TopUpByCard(r.Context(), service.CardTopUpInput{
		AdvertiserID:    mux.Vars(r)["advertiserID"],
		PaymentMethodID: req.PaymentMethodID,
		Amount:          domain.Micros(req.AmountMicros),
		IdempotencyKey:  r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if tu.Status == domain.TopUpPending {
		status = http.StatusAccepted
	}
	writeJSON(w, status, topUpResponse{
		ID: tu.ID, AdvertiserID: tu.AdvertiserID, Method: string(tu.Method), AmountMicros: int64(tu.Amount),
		Currency: tu.Currency, Status: string(tu.Status), FailureReason: tu.FailureReason,
	})
}

type bankTransferRequest struct {
	AmountMicros int64 `json:"amount_micros"`
}

// BankTransferTopUp handles POST /v1/advertisers/{advertiserID}/topups/bank-transfer.
func (h *Handlers) BankTransferTopUp(w http.ResponseWriter, r *http.Request) {
	var req bankTransferRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	instr, err := h.topups.CreateBankTransfer(r.Context(), mux.Vars(r)["advertiserID"], domain.Micros(req.AmountMicros))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, instr)
}

// GatewayWebhook handles POST /webhooks/gateway. The gateway retries any
// delivery that does not receive a 2xx.
func (h *Handlers) GatewayWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "unreadable body"})
		return
	}
	if err := gateway.VerifySignature(h.webhookSecret, body, r.Header.Get("Gateway-Signature"), 5*time.Minute); err != nil {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "invalid signature"})
		return
	}
	var evt gateway.Event
	if err := jsonUnmarshal(body, &evt); err != nil || evt.ID == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "malformed event"})
		return
	}
	if err := h.topups.HandleGatewayEvent(r.Context(), evt); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
