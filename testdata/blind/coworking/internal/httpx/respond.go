// Package httpx holds the small HTTP helpers shared by the API handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
)

// maxBody bounds request bodies accepted by DecodeJSON.
const maxBody = 1 << 20

// Error is an API error with an HTTP status and a stable code.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// Errorf builds an *Error.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

var (
	ErrNotFound = &Error{Status: http.StatusNotFound, Code: "not_found", Message: "resource not found"}
	ErrConflict = &Error{Status: http.StatusConflict, Code: "conflict", Message: "conflicting request"}
)

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v == nil {
		return
	}
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Warn("write response", "err", err)
	}
}

// Fail maps err onto an API error response.
func Fail(w http.ResponseWriter, r *http.Request, err error) {
	var apiErr *Error
	if !errors.As(err, &apiErr) {
		slog.ErrorContext(r.Context(), "request failed",
			"method", r.Method, "path", r.URL.Path, "request_id", RequestID(r.Context()), "err", err)
		apiErr = &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "internal error"}
	}
	JSON(w, apiErr.Status, map[string]any{"error": apiErr, "request_id": RequestID(r.Context())})
}

// DecodeJSON decodes the request body into dst, rejecting unknown fields.
func DecodeJSON(r *http.Request, dst any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return Errorf(http.StatusBadRequest, "invalid_body", "decode body: %v", err)
	}
	return nil
}

// Validator is implemented by request bodies that can check themselves.
type Validator interface {
	Validate() error
}

// Bind decodes and validates a request body.
func Bind[T any](r *http.Request) (T, error) {
	var v T
	if err := DecodeJSON(r, &v); err != nil {
		return v, err
	}
	if val, ok := any(&v).(Validator); ok {
		if err := val.Validate(); err != nil {
			return v, Errorf(http.StatusUnprocessableEntity, "invalid_request", "%v", err)
		}
	}
	return v, nil
}
