package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/service"
)

type payoutResponse struct {
	ID                 string `json:"id"`
	PublisherID        string `json:"publisher_id"`
	Kind               string `json:"kind"`
	Period             string `json:"period,omitempty"`
	AmountMicros       int64  `json:"amount_micros"`
	Currency           string `json:"currency"`
	Status             string `json:"status"`
	Attempt            int    `json:"attempt"`
	ProviderTransferID string `json:"provider_transfer_id,omitempty"`
	FailureReason      string `json:"failure_reason,omitempty"`
}

func toPayoutResponse(p domain.Payout) payoutResponse {
	return payoutResponse{
		ID: p.ID, PublisherID: p.PublisherID, Kind: string(p.Kind), Period: p.Period,
		AmountMicros: int64(p.Amount), Currency: p.Currency, Status: string(p.Status), Attempt: p.Attempt,
		ProviderTransferID: p.ProviderTransferID, FailureReason: p.FailureReason,
	}
}

// RetryPayout handles POST /v1/payouts/{payoutID}/retry.
func (h *Handlers) RetryPayout(w http.ResponseWriter, r *http.Request) {
	po, err := h.payouts.Retry(r.Context(), mux.Vars(r)["payoutID"], Actor(r.Context()))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPayoutResponse(po))
}

type instantPayoutRequest struct {
	AmountMicros int64 `json:"amount_micros"`
}

// InstantPayout handles POST /v1/publishers/{publisherID}/payouts/instant.
func (h *Handlers) InstantPayout(w http.ResponseWriter, r *http.Request) {
	var req instantPayoutRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	po, err := h.payouts.Instant(r.Context(), service.InstantPayoutInput{
		PublisherID:    mux.Vars(r)["publisherID"],
		Amount:         domain.Micros(req.AmountMicros),
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPayoutResponse(po))
}
