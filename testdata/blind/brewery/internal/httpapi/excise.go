package httpapi

import (
	"net/http"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/service"
)

func createFiling(svc ExciseAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in service.CreateFilingInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		f, err := svc.CreateFiling(r.Context(), in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.Header().Set("Location", "/v1/excise/filings/"+f.ID.String())
		writeJSON(w, http.StatusCreated, f)
	}
}

func getFiling(svc ExciseAPI) http.HandlerFunc {
	return withID("filingID", svc.Get, renderOK[domain.ExciseFiling])
}

func submitFiling(svc ExciseAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := uuidParam(r, "filingID")
		if err != nil {
			writeError(w, r, err)
			return
		}
		preparedBy := r.Header.Get("X-User-Email")
		f, err := svc.Submit(r.Context(), id, preparedBy)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, f)
	}
}

func amendFiling(svc ExciseAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := uuidParam(r, "filingID")
		if err != nil {
			writeError(w, r, err)
			return
		}
		var in service.AmendInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		a, err := svc.Amend(r.Context(), id, in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, a)
	}
}
