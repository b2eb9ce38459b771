// Package httpx adapts error-returning handlers to net/http and renders
// errors as JSON problem bodies.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/haulcore/wastehaul/internal/store"
)

// Handler is an http handler that reports failure by returning an error.
// The adapter turns the error into a status code and body.
type Handler func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP implements http.Handler.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := h(w, r)
	if err == nil {
		return
	}
	writeError(w, r, err)
}

// Error is an error with an HTTP status and a stable machine-readable code.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Err     error  `json:"-"`
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// BadRequest reports a malformed or invalid request.
func BadRequest(msg string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: fmt.Sprintf(msg, args...)}
}

// NotFound reports a missing resource.
func NotFound(what string) *Error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: what + " not found"}
}

// Conflict reports a state conflict the client can resolve.
func Conflict(msg string, args ...any) *Error {
	return &Error{Status: http.StatusConflict, Code: "conflict", Message: fmt.Sprintf(msg, args...)}
}

// Unauthorized reports a failed signature or credential check.
func Unauthorized(msg string) *Error {
	return &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: msg}
}

// Upstream wraps a provider failure.
func Upstream(provider string, err error) *Error {
	return &Error{Status: http.StatusBadGateway, Code: "upstream_error", Message: provider + " request failed", Err: err}
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var he *Error
	switch {
	case errors.As(err, &he):
	case errors.Is(err, store.ErrNotFound):
		he = &Error{Status: http.StatusNotFound, Code: "not_found", Message: "resource not found", Err: err}
	case errors.Is(err, store.ErrConflict):
		he = &Error{Status: http.StatusConflict, Code: "conflict", Message: err.Error(), Err: err}
	default:
		he = &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "internal error", Err: err}
	}
	if he.Status >= 500 {
		slog.ErrorContext(r.Context(), "request failed",
			"method", r.Method, "path", r.URL.Path, "status", he.Status, "err", err)
	}
	_ = JSON(w, he.Status, he)
}

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v == nil {
		return nil
	}
	return json.NewEncoder(w).Encode(v)
}

// NoContent writes a 204.
func NoContent(w http.ResponseWriter) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// maxBody bounds request bodies accepted by Decode.
const maxBody = 1 << 20

// Decode reads a JSON body into v, rejecting unknown fields.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return BadRequest("invalid JSON body: %v", err)
	}
	return nil
}

// Validator is implemented by request bodies that check themselves.
type Validator interface {
	Validate() error
}

// DecodeValid decodes into a T and runs its Validate method.
func DecodeValid[T Validator](r *http.Request) (T, error) {
	var v T
	if err := Decode(r, &v); err != nil {
		return v, err
	}
	if err := v.Validate(); err != nil {
		return v, BadRequest("%s", err.Error())
	}
	return v, nil
}
