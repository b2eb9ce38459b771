// Package httpx holds JSON helpers shared by the HTTP handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/soundledger/royalties/internal/domain"
)

const maxBody = 1 << 20

// Decode reads a JSON body into v, rejecting unknown fields.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalid("malformed JSON body: %v", err)
	}
	return nil
}

// JSON writes v with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// Error maps domain errors onto HTTP statuses.
func Error(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, domain.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, domain.ErrInvalid):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrInsufficientBalance):
		status = http.StatusPaymentRequired
	case errors.Is(err, domain.ErrIdempotencyMismatch):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrInFlight):
		status = http.StatusConflict
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		msg = "internal error"
	}
	JSON(w, status, map[string]string{"error": msg})
}
