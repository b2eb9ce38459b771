// Package httpapi is the public REST API used by the customer, restaurant
// and support apps.
package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/dinein/platform/internal/payments"
	"github.com/dinein/platform/internal/service"
	"github.com/dinein/platform/internal/store"
)

const maxBody = 64 << 10

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decode reads a JSON body into a T.
func decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, fmt.Errorf("%w: %v", service.ErrInvalidInput, err)
	}
	return v, nil
}

// pathUUID parses a UUID route parameter.
func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, fmt.Errorf("%w: bad %s", service.ErrInvalidInput, name)
	}
	return id, nil
}

var errorTable = []struct {
	err    error
	status int
	code   string
}{
	{service.ErrInvalidInput, http.StatusBadRequest, "invalid_input"},
	{service.ErrForbidden, http.StatusForbidden, "forbidden"},
	{store.ErrNotFound, http.StatusNotFound, "not_found"},
	{service.ErrNotFound, http.StatusNotFound, "not_found"},
	{service.ErrInvalidState, http.StatusConflict, "invalid_state"},
	{service.ErrIdempotencyMismatch, http.StatusUnprocessableEntity, "idempotency_mismatch"},
	{service.ErrRequestInProgress, http.StatusConflict, "request_in_progress"},
	{service.ErrPaymentDeclined, http.StatusPaymentRequired, "payment_declined"},
	{payments.ErrCardDeclined, http.StatusPaymentRequired, "payment_declined"},
	{service.ErrPromoInvalid, http.StatusUnprocessableEntity, "promo_invalid"},
	{store.ErrDuplicate, http.StatusConflict, "duplicate"},
}

func writeError(w http.ResponseWriter, err error) {
	for _, e := range errorTable {
		if errors.Is(err, e.err) {
			writeJSON(w, e.status, apiError{Code: e.code, Message: err.Error()})
			return
		}
	}
	writeJSON(w, http.StatusInternalServerError, apiError{Code: "internal", Message: "internal error"})
}
