// Package httpx holds JSON and error helpers shared by the HTTP handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/cedarleaf/pharmacy/internal/platform/logx"
)

// Error is an error that knows its HTTP status.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf builds an *Error.
func NewError(status int, code, msg string) *Error {
	return &Error{Status: status, Code: code, Message: msg}
}

var (
	ErrNotFound   = NewError(http.StatusNotFound, "not_found", "resource not found")
	ErrConflict   = NewError(http.StatusConflict, "conflict", "request conflicts with current state")
	ErrBadRequest = NewError(http.StatusBadRequest, "bad_request", "malformed request")
)

const maxBody = 1 << 20

// Decode reads a JSON body into v.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return NewError(http.StatusBadRequest, "bad_request", err.Error())
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

// Fail maps err to a response.
func Fail(w http.ResponseWriter, r *http.Request, err error) {
	var he *Error
	if errors.As(err, &he) {
		JSON(w, he.Status, he)
		return
	}
	logx.From(r.Context()).Error("request failed", slog.String("path", r.URL.Path), slog.Any("err", err))
	JSON(w, http.StatusInternalServerError, NewError(http.StatusInternalServerError, "internal", "internal error"))
}
