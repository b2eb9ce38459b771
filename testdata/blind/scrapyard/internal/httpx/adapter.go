// Package httpx adapts error-returning handlers to net/http and renders
// errors consistently.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/ironbridge-metals/yardops/internal/domain"
)

// HandlerFunc is an http.HandlerFunc that reports failure by returning it.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Adapter turns HandlerFuncs into http.HandlerFuncs.
type Adapter struct {
	Logger *slog.Logger
}

// Wrap renders a returned error as a JSON problem body.
func (a Adapter) Wrap(h HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		status, body := render(err)
		if status >= 500 {
			a.Logger.ErrorContext(r.Context(), "request failed",
				"method", r.Method,
				"path", r.URL.Path,
				"request_id", middleware.GetReqID(r.Context()),
				"err", err)
		}
		_ = WriteJSON(w, status, body)
	}
}

type problem struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

func render(err error) (int, problem) {
	var de *domain.Error
	msg := ""
	if errors.As(err, &de) {
		msg = de.Msg
	}
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound, problem{Error: "not_found", Message: msg}
	case errors.Is(err, domain.ErrConflict):
		return http.StatusConflict, problem{Error: "conflict", Message: msg}
	case errors.Is(err, domain.ErrInvalid):
		return http.StatusUnprocessableEntity, problem{Error: "invalid", Message: msg}
	case errors.Is(err, domain.ErrBlocked):
		return http.StatusForbidden, problem{Error: "blocked", Message: msg}
	default:
		return http.StatusInternalServerError, problem{Error: "internal"}
	}
}

// WriteJSON writes v with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// Decode reads a JSON body into a T, rejecting unknown fields.
func Decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, domain.Invalid("malformed body: %v", err)
	}
	return v, nil
}

// IdempotencyKey returns the client's Idempotency-Key header, if any.
func IdempotencyKey(r *http.Request) string {
	return r.Header.Get("Idempotency-Key")
}
