// Package httpx holds small HTTP helpers shared by the API and webhook servers.
package httpx

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/platform/logging"
)

type ErrorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// Error maps domain errors onto HTTP status codes.
func Error(w http.ResponseWriter, r *http.Request, log *zap.Logger, err error) {
	var ve *domain.ValidationError
	switch {
	case errors.As(err, &ve):
		JSON(w, http.StatusUnprocessableEntity, ErrorBody{Error: ve.Reason, Field: ve.Field})
	case errors.Is(err, domain.ErrValidation):
		JSON(w, http.StatusUnprocessableEntity, ErrorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrNotFound):
		JSON(w, http.StatusNotFound, ErrorBody{Error: "not found"})
	case errors.Is(err, domain.ErrConflict):
		JSON(w, http.StatusConflict, ErrorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrInvalidState):
		JSON(w, http.StatusConflict, ErrorBody{Error: err.Error()})
	case errors.Is(err, domain.ErrUpstream):
		logging.From(r.Context(), log).Warn("upstream failure", zap.Error(err))
		JSON(w, http.StatusBadGateway, ErrorBody{Error: "provider unavailable, retry later"})
	default:
		logging.From(r.Context(), log).Error("request failed", zap.Error(err))
		JSON(w, http.StatusInternalServerError, ErrorBody{Error: "internal error"})
	}
}

// Decode reads a JSON body into v, rejecting unknown fields.
func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalid("body", err.Error())
	}
	return nil
}

// UUIDParam parses a chi URL parameter as a UUID.
func UUIDParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, domain.Invalid(name, "not a valid id")
	}
	return id, nil
}
