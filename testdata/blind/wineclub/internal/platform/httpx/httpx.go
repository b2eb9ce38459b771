// Package httpx holds request decoding and response helpers for chi handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/vinoteca/wineclub/internal/platform/bus"
)

const maxBody = 1 << 20

// Problem is the error body returned to API clients.
type Problem struct {
	Status int    `json:"status"`
	Title  string `json:"title"`
	Detail string `json:"detail,omitempty"`
}

// StatusError carries an HTTP status through service layers.
type StatusError struct {
	Status int
	Msg    string
}

func (e *StatusError) Error() string { return e.Msg }

// Errorf builds a StatusError.
func Errorf(status int, format string, args ...any) error {
	return &StatusError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// Common errors mapped by services.
var (
	ErrNotFound = &StatusError{Status: http.StatusNotFound, Msg: "not found"}
	ErrConflict = &StatusError{Status: http.StatusConflict, Msg: "conflict"}
)

// Decode reads a JSON body into dst, rejecting unknown fields.
func Decode(r *http.Request, dst any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return Errorf(http.StatusBadRequest, "malformed body: %v", err)
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

// Error maps err to a problem response.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	var se *StatusError
	switch {
	case errors.As(err, &se):
		JSON(w, se.Status, Problem{Status: se.Status, Title: http.StatusText(se.Status), Detail: se.Msg})
	case bus.IsValidation(err):
		JSON(w, http.StatusUnprocessableEntity, Problem{Status: 422, Title: "Unprocessable Entity", Detail: err.Error()})
	default:
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		JSON(w, http.StatusInternalServerError, Problem{Status: 500, Title: "Internal Server Error"})
	}
}

// IdempotencyKey returns the client's Idempotency-Key header, trimmed.
func IdempotencyKey(r *http.Request) string {
	return strings.TrimSpace(r.Header.Get("Idempotency-Key"))
}

// Actor returns the authenticated staff or member principal set by the
// gateway.
func Actor(r *http.Request) string {
	if a := r.Header.Get("X-Actor"); a != "" {
		return a
	}
	return "system"
}
