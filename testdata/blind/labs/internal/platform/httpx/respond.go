// Package httpx holds HTTP helpers shared by the API and webhook routers.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Problem is the error body returned by the API.
type Problem struct {
	Status int    `json:"status"`
	Code   string `json:"code"`
	Detail string `json:"detail,omitempty"`
}

// Error lets handlers return a Problem as an error.
func (p *Problem) Error() string { return fmt.Sprintf("%d %s: %s", p.Status, p.Code, p.Detail) }

// BadRequest builds a 400 problem.
func BadRequest(code, detail string) *Problem {
	return &Problem{Status: http.StatusBadRequest, Code: code, Detail: detail}
}

// Conflict builds a 409 problem.
func Conflict(code, detail string) *Problem {
	return &Problem{Status: http.StatusConflict, Code: code, Detail: detail}
}

// WriteJSON writes v with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v == nil {
		return
	}
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Warn("write response", "err", err)
	}
}

// WriteError maps err to a Problem response.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var p *Problem
	switch {
	case errors.As(err, &p):
	case errors.Is(err, db.ErrNotFound):
		p = &Problem{Status: http.StatusNotFound, Code: "not_found"}
	default:
		slog.ErrorContext(r.Context(), "request failed",
			"method", r.Method, "path", r.URL.Path, "request_id", RequestIDFrom(r.Context()), "err", err)
		p = &Problem{Status: http.StatusInternalServerError, Code: "internal"}
	}
	WriteJSON(w, p.Status, p)
}

// maxBody caps request bodies.
const maxBody = 1 << 20

// Decode reads a JSON body into a T.
func Decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, BadRequest("invalid_body", err.Error())
	}
	return v, nil
}

// HandlerFunc is an http handler that returns an error.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Handle adapts a HandlerFunc to http.HandlerFunc.
func Handle(fn HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			WriteError(w, r, err)
		}
	}
}
