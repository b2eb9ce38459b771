package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/service"
)

type createCampaignRequest struct {
	AdvertiserID      string `json:"advertiser_id"`
	ClientRef         string `json:"client_ref"`
	Name              string `json:"name"`
	PricingModel      string `json:"pricing_model"`
	BidMicros         int64  `json:"bid_micros"`
	DailyBudgetMicros int64  `json:"daily_budget_micros"`
	TotalBudgetMicros int64  `json:"total_budget_micros"`
}

type campaignResponse struct {
	ID                string `json:"id"`
	AdvertiserID      string `json:"advertiser_id"`
	ClientRef         string `json:"client_ref"`
	Name              string `json:"name"`
	Status            string `json:"status"`
	PricingModel      string `json:"pricing_model"`
	BidMicros         int64  `json:"bid_micros"`
	DailyBudgetMicros int64  `json:"daily_budget_micros"`
	TotalBudgetMicros int64  `json:"total_budget_micros"`
	SpentMicros       int64  `json:"spent_micros"`
}

func toCampaignResponse(c domain.Campaign) campaignResponse {
	return campaignResponse{
		ID: c.ID, AdvertiserID: c.AdvertiserID, ClientRef: c.ClientRef, Name: c.Name,
		Status: string(c.Status), PricingModel: c.PricingModel, BidMicros: int64(c.Bid),
		DailyBudgetMicros: int64(c.DailyBudget), TotalBudgetMicros: int64(c.TotalBudget),
		SpentMicros: int64(c.Spent),
	}
}

// CreateCampaign handles POST /v1/campaigns.
func (h *Handlers) CreateCampaign(w http.ResponseWriter, r *http.Request) {
	var req createCampaignRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	c, err := h.campaigns.Create(r.Context(), service.CreateCampaignInput{
		AdvertiserID: req.AdvertiserID,
		ClientRef:    req.ClientRef,
		Name:         req.Name,
		PricingModel: req.PricingModel,
		Bid:          domain.Micros(req.BidMicros),
		DailyBudget:  domain.Micros(req.DailyBudgetMicros),
		TotalBudget:  domain.Micros(req.TotalBudgetMicros),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toCampaignResponse(c))
}

// GetCampaign handles GET /v1/campaigns/{campaignID}.
func (h *Handlers) GetCampaign(w http.ResponseWriter, r *http.Request) {
	c, err := h.campaigns.Get(r.Context(), mux.Vars(r)["campaignID"])
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toCampaignResponse(c))
}

type budgetRequest struct {
	DailyBudgetMicros int64 `json:"daily_budget_micros"`
	TotalBudgetMicros int64 `json:"total_budget_micros"`
}

// UpdateBudget handles PUT /v1/campaigns/{campaignID}/budget.
func (h *Handlers) UpdateBudget(w http.ResponseWriter, r *http.Request) {
	var req budgetRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	c, err := h.campaigns.UpdateBudget(r.Context(), service.BudgetUpdate{
		CampaignID:  mux.Vars(r)["campaignID"],
		DailyBudget: domain.Micros(req.DailyBudgetMicros),
		TotalBudget: domain.Micros(req.TotalBudgetMicros),
		Actor:       Actor(r.Context()),
		RequestID:   RequestID(r.Context()),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toCampaignResponse(c))
}
