package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/ironkettle/taproute/internal/service"
)

func createAccount(svc AccountAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in service.CreateAccountInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		acct, created, err := svc.Create(r.Context(), in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
		}
		w.Header().Set("Location", "/v1/accounts/"+acct.ID)
		writeJSON(w, status, acct)
	}
}

func getAccount(svc AccountAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		acct, err := svc.Get(r.Context(), chi.URLParam(r, "accountID"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, acct)
	}
}

func putDeliveryWindow(svc AccountAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in service.DeliveryWindow
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		acct, err := svc.SetDeliveryWindow(r.Context(), chi.URLParam(r, "accountID"), in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, acct)
	}
}

func adjustDeposit(svc KegAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, err := idempotencyKey(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		var in service.AdjustmentInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		applied, err := svc.Adjust(r.Context(), chi.URLParam(r, "accountID"), key, in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		status := http.StatusOK
		if applied {
			status = http.StatusCreated
		}
		writeJSON(w, status, map[string]bool{"applied": applied})
	}
}
