package httpapi

import (
	"net/http"

	"github.com/hemolink-systems/bloodbank/internal/deliveries"
	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
	"github.com/hemolink-systems/bloodbank/internal/transfers"
)

func dispatchOrder(svc deliveries.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "orderID")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		d, err := svc.Dispatch(r.Context(), id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, d)
	}
}

func acceptTransferRequest(svc *transfers.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req transfers.Request
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		if partner := r.Header.Get(headerPartner); partner != req.PartnerCode {
			httpx.JSON(w, http.StatusForbidden, map[string]string{"error": "partner mismatch"})
			return
		}
		t, err := svc.Accept(r.Context(), req)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, t)
	}
}

func reportTransferArrival(svc *transfers.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "transferID")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var a transfers.Arrival
		if err := httpx.Decode(r, &a); err != nil {
			httpx.Error(w, r, err)
			return
		}
		if err := svc.ReportArrival(r.Context(), id, a); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}
