// Package httpx holds the HTTP plumbing shared by the API and webhook
// handlers: the error-returning handler adapter, JSON helpers, account
// authentication and response replay.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/pawtrail-labs/pawtrail/internal/apperr"
)

// HandlerFunc is an http.HandlerFunc that returns an error instead of
// writing one.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Handle adapts h to net/http, rendering any returned error.
func Handle(h HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			writeError(w, r, err)
		}
	}
}

// Error is an error with an explicit status and client-facing message.
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

func BadRequest(msg string) error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: msg}
}
func Unauthorized(msg string) error {
	return &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: msg}
}

type errorBody struct {
	Error     string `json:"error"`
	Message   string `json:"message"`
	RequestID string `json:"request_id,omitempty"`
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status, code, msg := classify(err)
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	_ = WriteJSON(w, status, errorBody{Error: code, Message: msg, RequestID: middleware.GetReqID(r.Context())})
}

func classify(err error) (int, string, string) {
	var he *Error
	switch {
	case errors.As(err, &he):
		return he.Status, he.Code, he.Message
	case errors.Is(err, apperr.ErrNotFound):
		return http.StatusNotFound, "not_found", "resource not found"
	case errors.Is(err, apperr.ErrForbidden):
		return http.StatusForbidden, "forbidden", "not allowed"
	case errors.Is(err, apperr.ErrConflict):
		return http.StatusConflict, "conflict", err.Error()
	case errors.Is(err, apperr.ErrInvalid):
		return http.StatusUnprocessableEntity, "invalid", err.Error()
	case errors.Is(err, apperr.ErrPaymentFailed):
		return http.StatusPaymentRequired, "payment_failed", "the card was declined"
	default:
		return http.StatusInternalServerError, "internal", "something went wrong"
	}
}

func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

func DecodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return BadRequest("invalid JSON body: " + err.Error())
	}
	return nil
}
