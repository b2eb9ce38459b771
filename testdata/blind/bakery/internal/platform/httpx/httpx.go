// Package httpx holds small helpers shared by the chi handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/crumbworks/ovenline/internal/domain"
)

// MaxBody is the largest request body the API accepts.
const MaxBody = 1 << 20

// Decode reads a JSON body into v, rejecting unknown fields.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalid("malformed request body: %v", err)
	}
	return nil
}

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v == nil {
		return
	}
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Warn("httpx: encode response", "err", err)
	}
}

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// Error maps domain errors onto HTTP status codes.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	var de *domain.Error
	if errors.As(err, &de) {
		JSON(w, statusFor(de.Kind), errorBody{Error: de.Msg, Code: string(de.Kind)})
		return
	}
	slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	JSON(w, http.StatusInternalServerError, errorBody{Error: "internal error", Code: "internal"})
}

func statusFor(k domain.ErrorKind) int {
	switch k {
	case domain.KindInvalid:
		return http.StatusUnprocessableEntity
	case domain.KindNotFound:
		return http.StatusNotFound
	case domain.KindConflict:
		return http.StatusConflict
	case domain.KindUnauthorized:
		return http.StatusUnauthorized
	default:
		return http.StatusInternalServerError
	}
}

// IdempotencyKey returns the client-supplied Idempotency-Key header.
func IdempotencyKey(r *http.Request) string {
	return r.Header.Get("Idempotency-Key")
}
