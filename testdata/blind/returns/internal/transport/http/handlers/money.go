package handlers

import (
	"fmt"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/platform/httpx"
	"github.com/northwind-retail/rma/internal/service/refunds"
)

func (h *Handlers) BookLabel(w http.ResponseWriter, r *http.Request) {
	var body struct {
		ServiceLevel string `json:"service_level"`
	}
	if r.ContentLength > 0 {
		if err := httpx.Decode(r, &body); err != nil {
			httpx.Error(w, r, h.Log, err)
			return
		}
	}
	if body.ServiceLevel == "" {
		body.ServiceLevel = "ground"
	}
	b, err := h.Labels.BookNow(r.Context(), chi.URLParam(r, "returnID"), body.ServiceLevel)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, b)
}

func (h *Handlers) CreateRefund(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		httpx.Error(w, r, h.Log, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation))
		return
	}
	var req refunds.ManualRefundRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	req.Agent = h.actor(r)
	ref, err := h.Refunds.ManualRefund(r.Context(), key, chi.URLParam(r, "returnID"), req)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, ref)
}

func (h *Handlers) GrantGoodwillCredit(w http.ResponseWriter, r *http.Request) {
	var req refunds.GoodwillRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	req.CustomerID = chi.URLParam(r, "customerID")
	req.Agent = h.actor(r)
	credit, err := h.Refunds.GoodwillCredit(r.Context(), req)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, credit)
}

func (h *Handlers) RegisterWebhookEndpoint(w http.ResponseWriter, r *http.Request) {
	var body struct {
		URL        string   `json:"url"`
		EventTypes []string `json:"event_types"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	ep, err := h.Webhooks.RegisterEndpoint(r.Context(), chi.URLParam(r, "merchantID"), body.URL, body.EventTypes)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, ep)
}
