package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/store"
)

type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// errorStatus maps service and store errors onto HTTP statuses. The order
// matters: the first match wins.
var errorStatus = []struct {
	target error
	status int
}{
	{store.ErrNotFound, http.StatusNotFound},
	{store.ErrNoCapacity, http.StatusConflict},
	{app.ErrAlreadyCheckedIn, http.StatusConflict},
	{app.ErrNotPayable, http.StatusConflict},
	{app.ErrNotRefundable, http.StatusConflict},
	{app.ErrBookingClosed, http.StatusConflict},
	{app.ErrSailingClosed, http.StatusConflict},
	{app.ErrNotCheckable, http.StatusUnprocessableEntity},
	{app.ErrInsufficientMiles, http.StatusUnprocessableEntity},
	{app.ErrNotMember, http.StatusForbidden},
	{store.ErrConflict, http.StatusConflict},
}

func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var ve *app.ValidationError
	if errors.As(err, &ve) {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: ve.Reason, Field: ve.Field})
		return
	}
	for _, m := range errorStatus {
		if errors.Is(err, m.target) {
			writeJSON(w, m.status, errorBody{Error: err.Error()})
			return
		}
	}
	log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error"})
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "malformed JSON: " + err.Error()})
		return false
	}
	return true
}

func pathUUID(w http.ResponseWriter, r *http.Request, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid id", Field: name})
		return uuid.Nil, false
	}
	return id, true
}

const idempotencyHeader = "Idempotency-Key"
