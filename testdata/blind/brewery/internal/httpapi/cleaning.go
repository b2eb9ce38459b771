package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/rs/xid"

	"github.com/ironkettle/taproute/internal/service"
)

func scheduleCleaning(svc CleaningAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in service.ScheduleInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		apptID := "cln_" + xid.New().String()
		appt, err := svc.Schedule(r.Context(), apptID, in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.Header().Set("Location", "/v1/cleaning/appointments/"+appt.ID)
		writeJSON(w, http.StatusCreated, appt)
	}
}

type completeCleaningRequest struct {
	LinesCleaned int `json:"lines_cleaned"`
}

func completeCleaning(svc CleaningAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in completeCleaningRequest
		if r.ContentLength != 0 {
			if _, err := decodeJSON(r, &in); err != nil {
				writeError(w, r, err)
				return
			}
		}
		appt, err := svc.Complete(r.Context(), chi.URLParam(r, "appointmentID"), in.LinesCleaned)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, appt)
	}
}
