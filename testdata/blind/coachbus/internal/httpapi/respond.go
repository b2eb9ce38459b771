// Package httpapi is the gorilla/mux HTTP surface: customer booking API,
// partner agent API, ops console, driver app and Stripe webhooks.
package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"github.com/northline/coachbus/internal/domain"
)

type errorBody struct {
	Error string `json:"error"`
}

var errorStatus = []struct {
	err    error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrInvalidInput, http.StatusUnprocessableEntity},
	{domain.ErrSoldOut, http.StatusConflict},
	{domain.ErrHoldExpired, http.StatusGone},
	{domain.ErrHoldNotActive, http.StatusConflict},
	{domain.ErrTicketNotActive, http.StatusConflict},
	{domain.ErrTripNotScheduled, http.StatusConflict},
	{domain.ErrShiftClosed, http.StatusConflict},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired},
	{domain.ErrUnauthorized, http.StatusUnauthorized},
	{domain.ErrBadSignature, http.StatusBadRequest},
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	for _, m := range errorStatus {
		if errors.Is(err, m.err) {
			writeJSON(w, m.status, errorBody{Error: err.Error()})
			return
		}
	}
	slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
	writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error"})
}

// decode reads a JSON body into T, rejecting unknown fields.
func decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, errors.Join(domain.ErrInvalidInput, err)
	}
	return v, nil
}

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)[name])
	if err != nil {
		return uuid.Nil, errors.Join(domain.ErrInvalidInput, err)
	}
	return id, nil
}
