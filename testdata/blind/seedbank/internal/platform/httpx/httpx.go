// Package httpx holds the JSON plumbing shared by the HTTP handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/furrowline/seedbank/internal/domain"
)

// MaxBody bounds request bodies.
const MaxBody = 1 << 20

// Decode reads a JSON body into v.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(domain.ErrValidation, err)
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

type errorBody struct {
	Error string `json:"error"`
}

// Error maps err onto an HTTP status and writes it.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	status := StatusFor(err)
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed",
			slog.String("path", r.URL.Path), slog.Any("err", err))
		JSON(w, status, errorBody{Error: "internal error"})
		return
	}
	JSON(w, status, errorBody{Error: err.Error()})
}

// StatusFor maps domain errors to HTTP status codes.
func StatusFor(err error) int {
	switch {
	case errors.Is(err, domain.ErrValidation):
		return http.StatusBadRequest
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrForbidden):
		return http.StatusForbidden
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInvalidState):
		return http.StatusConflict
	case errors.Is(err, domain.ErrInsufficientStock):
		return http.StatusUnprocessableEntity
	default:
		return http.StatusInternalServerError
	}
}

// ReadRaw reads a webhook body verbatim so that its signature can be checked.
func ReadRaw(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, MaxBody))
}
