// Package api is the chi HTTP API: supplier and operator endpoints, the
// debtor portal and provider webhooks.
package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/service"
)

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	switch {
	case errors.Is(err, repo.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not_found"})
	case errors.Is(err, repo.ErrConflict):
		writeJSON(w, http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()})
	case errors.Is(err, service.ErrIdempotencyMismatch):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "idempotency_key_reused", Message: err.Error()})
	case errors.Is(err, service.ErrValidation):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_request", Message: err.Error()})
	case errors.Is(err, service.ErrInvalidState):
		writeJSON(w, http.StatusConflict, errorBody{Error: "invalid_state", Message: err.Error()})
	default:
		log.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal"})
	}
}

func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(service.ErrValidation, err)
	}
	return nil
}

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, errors.Join(service.ErrValidation, errors.New(name+" must be a UUID"))
	}
	return id, nil
}
