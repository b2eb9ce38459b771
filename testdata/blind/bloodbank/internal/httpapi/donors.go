package httpapi

import (
	"net/http"

	"github.com/hemolink-systems/bloodbank/internal/donations"
	"github.com/hemolink-systems/bloodbank/internal/donors"
	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
)

func bookAppointment(svc donors.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		donorID, ok := donorMatchesPath(r)
		if !ok {
			httpx.JSON(w, http.StatusForbidden, map[string]string{"error": "forbidden"})
			return
		}
		var req donors.BookRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		appt, err := svc.Book(r.Context(), donorID, req)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, appt)
	}
}

func cancelAppointment(svc donors.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		donorID, ok := donorMatchesPath(r)
		if !ok {
			httpx.JSON(w, http.StatusForbidden, map[string]string{"error": "forbidden"})
			return
		}
		apptID, err := httpx.UUIDParam(r, "appointmentID")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		if err := svc.Cancel(r.Context(), donorID, apptID); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func recordDonation(svc donations.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req donations.RecordRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(w, r, err)
			return
		}
		d, err := svc.Record(r.Context(), req)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, d)
	}
}
