// Package httpx has the JSON and error helpers the HTTP handlers share.
package httpx

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/domain"
)

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Decode reads a JSON body, rejecting unknown fields.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(domain.ErrInvalid, err)
	}
	return nil
}

// Error maps domain errors to statuses. Anything unknown is a 500 so the
// resident portal retries it.
func Error(log *slog.Logger, w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, domain.ErrInvalid):
		status = http.StatusBadRequest
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrWrongStatus),
		errors.Is(err, domain.ErrPermitNotActive):
		status = http.StatusConflict
	}
	if status == http.StatusInternalServerError {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	JSON(w, status, map[string]string{"error": err.Error()})
}

// UUIDParam parses a chi URL parameter as a UUID.
func UUIDParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, errors.Join(domain.ErrInvalid, err)
	}
	return id, nil
}

// IdempotencyKey returns the client-supplied Idempotency-Key header.
func IdempotencyKey(r *http.Request) string {
	return r.Header.Get("Idempotency-Key")
}
