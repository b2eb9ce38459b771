package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/platform/httpx"
	"github.com/northwind-retail/rma/internal/readmodel"
	"github.com/northwind-retail/rma/internal/service/returns"
)

func (h *Handlers) actor(r *http.Request) string {
	if a := r.Header.Get("X-Actor"); a != "" {
		return a
	}
	return "merchant:" + r.Header.Get("X-Merchant-ID")
}

func (h *Handlers) OpenReturn(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		httpx.Error(w, r, h.Log, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation))
		return
	}
	var req returns.OpenRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	ret, replay, err := h.Returns.Open(r.Context(), key, req)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	status := http.StatusCreated
	if replay {
		w.Header().Set("Idempotent-Replayed", "true")
		status = http.StatusOK
	}
	httpx.JSON(w, status, ret)
}

func (h *Handlers) GetReturn(w http.ResponseWriter, r *http.Request) {
	d, err := h.Reads.GetReturn(r.Context(), chi.URLParam(r, "returnID"))
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, d)
}

func (h *Handlers) ListMerchantReturns(w http.ResponseWriter, r *http.Request) {
	f := readmodel.ListFilter{
		MerchantID: chi.URLParam(r, "merchantID"),
		Status:     r.URL.Query().Get("status"),
	}
	if v := r.URL.Query().Get("limit"); v != "" {
		f.Limit, _ = strconv.Atoi(v)
	}
	if v := r.URL.Query().Get("before"); v != "" {
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			httpx.Error(w, r, h.Log, fmt.Errorf("%w: before must be RFC3339", domain.ErrValidation))
			return
		}
		f.Before = t
	}
	list, err := h.Reads.ListReturns(r.Context(), f)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"data": list})
}

func (h *Handlers) AddItem(w http.ResponseWriter, r *http.Request) {
	var req returns.AddItemRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	item, err := h.Returns.AddItem(r.Context(), chi.URLParam(r, "returnID"), req)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, item)
}

func (h *Handlers) CancelReturn(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Reason string `json:"reason"`
	}
	if r.ContentLength > 0 {
		if err := httpx.Decode(r, &body); err != nil {
			httpx.Error(w, r, h.Log, err)
			return
		}
	}
	ret, err := h.Returns.Cancel(r.Context(), chi.URLParam(r, "returnID"), body.Reason)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, ret)
}

func (h *Handlers) ApproveReturn(w http.ResponseWriter, r *http.Request) {
	ret, err := h.Returns.Approve(r.Context(), chi.URLParam(r, "returnID"), h.actor(r))
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, ret)
}

func (h *Handlers) SetRefundMethod(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Method domain.RefundMethod `json:"method"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	if err := h.Returns.SetRefundMethod(r.Context(), chi.URLParam(r, "returnID"), body.Method); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handlers) RequestExchange(w http.ResponseWriter, r *http.Request) {
	var req returns.ExchangeRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	ex, err := h.Returns.RequestExchange(r.Context(), chi.URLParam(r, "returnID"), req)
	if err != nil {
		httpx.Error(w, r, h.Log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, ex)
}
