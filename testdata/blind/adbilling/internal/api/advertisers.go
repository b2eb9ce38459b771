package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/service"
)

type advertiserRequest struct {
	ExternalAccountID     string `json:"external_account_id"`
	Name                  string `json:"name"`
	BillingEmail          string `json:"billing_email"`
	Currency              string `json:"currency"`
	AutoRechargeEnabled   bool   `json:"auto_recharge_enabled"`
	AutoRechargeThreshold int64  `json:"auto_recharge_threshold_micros"`
	AutoRechargeAmount    int64  `json:"auto_recharge_amount_micros"`
	DefaultPaymentMethod  string `json:"default_payment_method"`
}

type advertiserResponse struct {
	ID                string `json:"id"`
	ExternalAccountID string `json:"external_account_id"`
	Name              string `json:"name"`
	BillingEmail      string `json:"billing_email"`
	Currency          string `json:"currency"`
	Status            string `json:"status"`
	BalanceMicros     int64  `json:"balance_micros"`
	AutoRecharge      bool   `json:"auto_recharge_enabled"`
}

func toAdvertiserResponse(a domain.Advertiser) advertiserResponse {
	return advertiserResponse{
		ID: a.ID, ExternalAccountID: a.ExternalAccountID, Name: a.Name, BillingEmail: a.BillingEmail,
		Currency: a.Currency, Status: string(a.Status), BalanceMicros: int64(a.Balance),
		AutoRecharge: a.AutoRechargeEnabled,
	}
}

// CreateAdvertiser handles POST /v1/advertisers.
func (h *Handlers) CreateAdvertiser(w http.ResponseWriter, r *http.Request) {
	var req advertiserRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	if req.Currency == "" {
		req.Currency = "EUR"
	}
	adv, created, err := h.advertisers.Create(r.Context(), service.CreateAdvertiserInput{
		ExternalAccountID:     req.ExternalAccountID,
		Name:                  req.Name,
		BillingEmail:          req.BillingEmail,
		Currency:              req.Currency,
		AutoRechargeEnabled:   req.AutoRechargeEnabled,
		AutoRechargeThreshold: domain.Micros(req.AutoRechargeThreshold),
		AutoRechargeAmount:    domain.Micros(req.AutoRechargeAmount),
		DefaultPaymentMethod:  req.DefaultPaymentMethod,
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, toAdvertiserResponse(adv))
}

// GetAdvertiser handles GET /v1/advertisers/{advertiserID}.
func (h *Handlers) GetAdvertiser(w http.ResponseWriter, r *http.Request) {
	adv, err := h.advertisers.Get(r.Context(), mux.Vars(r)["advertiserID"])
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toAdvertiserResponse(adv))
}

// CloseAdvertiser handles POST /v1/advertisers/{advertiserID}/close.
func (h *Handlers) CloseAdvertiser(w http.ResponseWriter, r *http.Request) {
	adv, err := h.advertisers.Close(r.Context(), mux.Vars(r)["advertiserID"])
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toAdvertiserResponse(adv))
}
