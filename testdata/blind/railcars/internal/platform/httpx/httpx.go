// Package httpx has small helpers for JSON handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Error is an API error with an HTTP status.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// BadRequest builds a 400 error.
func BadRequest(msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: msg}
}

// Conflict builds a 409 error.
func Conflict(msg string) *Error {
	return &Error{Status: http.StatusConflict, Code: "conflict", Message: msg}
}

// Unprocessable builds a 422 error.
func Unprocessable(msg string) *Error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "unprocessable", Message: msg}
}

// HandlerFunc is an http handler that returns an error.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Wrap adapts a HandlerFunc to http.Handler and renders errors as JSON.
func Wrap(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			WriteError(w, r, err)
		}
	})
}

// WriteError renders err.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var apiErr *Error
	switch {
	case errors.As(err, &apiErr):
	case errors.Is(err, db.ErrNotFound):
		apiErr = &Error{Status: http.StatusNotFound, Code: "not_found", Message: "resource not found"}
	default:
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		apiErr = &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "internal error"}
	}
	JSON(w, apiErr.Status, apiErr)
}

// JSON writes v as JSON with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Decode reads a JSON body into v.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return BadRequest("invalid JSON body: " + err.Error())
	}
	return nil
}

// IdempotencyKey returns the Idempotency-Key header.
func IdempotencyKey(r *http.Request) string {
	return r.Header.Get("Idempotency-Key")
}

// Actor returns the authenticated user set by the gateway.
func Actor(r *http.Request) string {
	if a := r.Header.Get("X-Authenticated-User"); a != "" {
		return a
	}
	return "system"
}
