package httpapi

import (
	"net/http"

	"github.com/hemolink-systems/bloodbank/internal/deliveries"
	"github.com/hemolink-systems/bloodbank/internal/orders"
	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
)

func createOrder(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req orders.CreateRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		o, err := svc.Create(r.Context(), hospitalFrom(r.Context()).ID, req)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, o)
	}
}

func getOrder(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "orderID")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		o, err := svc.Get(r.Context(), hospitalFrom(r.Context()).ID, id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, o)
	}
}

func cancelOrder(svc orders.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "orderID")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		if err := svc.Cancel(r.Context(), hospitalFrom(r.Context()).ID, id); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

type receiptRequest struct {
	ReceivedBy string `json:"received_by"`
}

func confirmReceipt(svc deliveries.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "deliveryID")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var req receiptRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		if err := svc.ConfirmReceipt(r.Context(), hospitalFrom(r.Context()).ID, id, req.ReceivedBy); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}
