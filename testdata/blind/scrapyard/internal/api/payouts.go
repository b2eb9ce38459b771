package api

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/httpx"
	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/service"
)

type payoutRequest struct {
	Method string `json:"method"`
}

func requestPayout(svc PayoutService) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		req, err := httpx.Decode[payoutRequest](r)
		if err != nil {
			return err
		}
		p, err := svc.RequestPayout(r.Context(), service.RequestPayoutInput{
			TicketID:       chi.URLParam(r, "ticketID"),
			Method:         req.Method,
			IdempotencyKey: httpx.IdempotencyKey(r),
		})
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusCreated, p)
	}
}

// ledgerlineWebhook receives transfer lifecycle events. Anything other than a
// 2xx makes Ledgerline redeliver the same event later.
func ledgerlineWebhook(svc PayoutService, secret string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		body, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
		if err != nil {
			return domain.Invalid("read body: %v", err)
		}
		if !achpay.VerifySignature(secret, body, r.Header.Get("Ledgerline-Signature")) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return nil
		}
		var ev achpay.WebhookEvent
		if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
			return domain.Invalid("malformed event")
		}
		if err := svc.HandleLedgerlineEvent(r.Context(), ev); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}
