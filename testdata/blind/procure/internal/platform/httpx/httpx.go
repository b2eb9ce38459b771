// Package httpx has the small JSON helpers the handlers share.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/idem"
)

// IdempotencyHeader is the header clients use to make POSTs repeatable.
const IdempotencyHeader = "Idempotency-Key"

// Error is an error with an HTTP status.
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// BadRequest builds a 400.
func BadRequest(code, format string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Conflict builds a 409.
func Conflict(code, format string, args ...any) *Error {
	return &Error{Status: http.StatusConflict, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Decode reads a JSON body into a new T.
func Decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, BadRequest("invalid_body", "%v", err)
	}
	return v, nil
}

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Raw writes a pre-encoded JSON body.
func Raw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// Fail maps err to a response.
func Fail(w http.ResponseWriter, log *slog.Logger, err error) {
	var he *Error
	switch {
	case errors.As(err, &he):
		JSON(w, he.Status, map[string]string{"code": he.Code, "message": he.Message})
	case errors.Is(err, db.ErrNotFound):
		JSON(w, http.StatusNotFound, map[string]string{"code": "not_found", "message": err.Error()})
	case errors.Is(err, idem.ErrKeyReused):
		JSON(w, http.StatusUnprocessableEntity, map[string]string{"code": "idempotency_key_reused", "message": err.Error()})
	default:
		log.Error("request failed", "err", err)
		JSON(w, http.StatusInternalServerError, map[string]string{"code": "internal", "message": "internal error"})
	}
}

// IdempotencyKey returns the request's key, or a 400 when required is set
// and the header is missing.
func IdempotencyKey(r *http.Request, required bool) (string, error) {
	key := r.Header.Get(IdempotencyHeader)
	if key == "" && required {
		return "", BadRequest("idempotency_key_required", "the %s header is required", IdempotencyHeader)
	}
	if len(key) > 200 {
		return "", BadRequest("idempotency_key_too_long", "%s must be at most 200 characters", IdempotencyHeader)
	}
	return key, nil
}
