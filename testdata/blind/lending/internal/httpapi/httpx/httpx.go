// Package httpx has small helpers shared by the chi routers.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
)

const maxBody = 1 << 20

// ReadBody reads the raw body, bounded to 1 MiB.
func ReadBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxBody {
		return nil, errors.New("body too large")
	}
	return b, nil
}

// Decode reads a JSON body into a new T.
func Decode[T any](r *http.Request) (T, error) {
	var v T
	b, err := ReadBody(r)
	if err != nil {
		return v, apperr.Wrap(apperr.InvalidArgument, err, "read body")
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return v, apperr.Wrap(apperr.InvalidArgument, err, "decode body")
	}
	return v, nil
}

func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Error writes err with the status its category maps to.
func Error(w http.ResponseWriter, log *zap.Logger, err error) {
	status := apperr.HTTPStatus(err)
	if status >= 500 {
		log.Error("request failed", zap.Error(err))
		JSON(w, status, map[string]string{"error": "internal error"})
		return
	}
	JSON(w, status, map[string]string{"error": err.Error()})
}

// HandlerFunc is an http handler that returns an error.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Wrap adapts h, writing any returned error.
func Wrap(log *zap.Logger, h HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			Error(w, log, err)
		}
	}
}
