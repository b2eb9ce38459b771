package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/idem"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/service"
)

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func badRequest(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: msg})
}

// writeError maps domain and service errors to HTTP statuses. Anything not
// recognised is logged and reported as a 500.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not_found"})
	case errors.Is(err, domain.ErrNotActive):
		writeJSON(w, http.StatusConflict, errorBody{Error: "session_not_active", Message: err.Error()})
	case errors.Is(err, domain.ErrConflict):
		writeJSON(w, http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()})
	case errors.Is(err, domain.ErrInvalidState):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "invalid_state", Message: err.Error()})
	case errors.Is(err, domain.ErrNoCardOnFile):
		writeJSON(w, http.StatusPaymentRequired, errorBody{Error: "no_card_on_file"})
	case errors.Is(err, payments.ErrDeclined):
		writeJSON(w, http.StatusPaymentRequired, errorBody{Error: "card_declined", Message: err.Error()})
	case errors.Is(err, payments.ErrAuthenticationRequired):
		writeJSON(w, http.StatusPaymentRequired, errorBody{Error: "authentication_required"})
	case errors.Is(err, service.ErrIdempotencyMismatch):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "idempotency_key_reused", Message: err.Error()})
	case errors.Is(err, idem.ErrMissingKey), errors.Is(err, idem.ErrBadKey):
		badRequest(w, err.Error())
	case errors.Is(err, service.ErrMaxStayExceeded), errors.Is(err, service.ErrZoneNotPermitted),
		errors.Is(err, service.ErrAmountTooLarge):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "rejected", Message: err.Error()})
	case errors.Is(err, service.ErrNotRefundable):
		writeJSON(w, http.StatusConflict, errorBody{Error: "not_refundable"})
	default:
		logx.From(r.Context()).Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal"})
	}
}
