// Package httpx holds small HTTP helpers shared by the API and webhook
// handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
)

const IdempotencyHeader = "Idempotency-Key"

var (
	ErrNotFound   = errors.New("not found")
	ErrConflict   = errors.New("conflict")
	ErrValidation = errors.New("validation failed")
	ErrSoldOut    = errors.New("sold out")
)

type ValidationError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e ValidationError) Error() string { return e.Field + ": " + e.Message }

func (e ValidationError) Unwrap() error { return ErrValidation }

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
	Field   string `json:"field,omitempty"`
}

func DecodeJSON(r *http.Request, dst any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return ValidationError{Field: "body", Message: err.Error()}
	}
	return nil
}

func JSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if body != nil {
		_ = json.NewEncoder(w).Encode(body)
	}
}

func Error(w http.ResponseWriter, r *http.Request, err error) {
	var ve ValidationError
	switch {
	case errors.As(err, &ve):
		JSON(w, http.StatusUnprocessableEntity, errorBody{Error: "validation_failed", Message: ve.Message, Field: ve.Field})
	case errors.Is(err, ErrValidation):
		JSON(w, http.StatusUnprocessableEntity, errorBody{Error: "validation_failed", Message: err.Error()})
	case errors.Is(err, ErrNotFound):
		JSON(w, http.StatusNotFound, errorBody{Error: "not_found"})
	case errors.Is(err, ErrSoldOut):
		JSON(w, http.StatusConflict, errorBody{Error: "sold_out", Message: err.Error()})
	case errors.Is(err, ErrConflict):
		JSON(w, http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()})
	default:
		logging.FromContext(r.Context()).Error("request failed", zap.Error(err), zap.String("path", r.URL.Path))
		JSON(w, http.StatusInternalServerError, errorBody{Error: "internal_error"})
	}
}

// IdempotencyKey returns the client supplied idempotency key, trimmed.
func IdempotencyKey(r *http.Request) string {
	return strings.TrimSpace(r.Header.Get(IdempotencyHeader))
}

// RequireIdempotencyKey returns the key or a validation error when absent.
func RequireIdempotencyKey(r *http.Request) (string, error) {
	k := IdempotencyKey(r)
	if k == "" {
		return "", ValidationError{Field: IdempotencyHeader, Message: "header is required"}
	}
	if len(k) > 128 {
		return "", ValidationError{Field: IdempotencyHeader, Message: "must be at most 128 characters"}
	}
	return k, nil
}
