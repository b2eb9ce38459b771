// Package api is the chi HTTP surface: the coordinator/HR/admin API and the
// providers' webhooks.
package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/idempotency"
)

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeRaw(w http.ResponseWriter, status int, body []byte, replayed bool) {
	w.Header().Set("Content-Type", "application/json")
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeError maps service errors to HTTP statuses.
func writeError(w http.ResponseWriter, log *slog.Logger, err error) {
	status, code := http.StatusInternalServerError, "internal"
	switch {
	case errors.Is(err, domain.ErrValidation):
		status, code = http.StatusBadRequest, "validation"
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, db.ErrNotFound):
		status, code = http.StatusNotFound, "not_found"
	case errors.Is(err, domain.ErrVanFull):
		status, code = http.StatusConflict, "van_full"
	case errors.Is(err, domain.ErrInvalidState):
		status, code = http.StatusConflict, "invalid_state"
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrDuplicateSubmit):
		status, code = http.StatusConflict, "conflict"
	case errors.Is(err, domain.ErrNotADriver):
		status, code = http.StatusUnprocessableEntity, "not_a_driver"
	case errors.Is(err, domain.ErrNoBankAccount):
		status, code = http.StatusUnprocessableEntity, "no_bank_account"
	case errors.Is(err, idempotency.ErrKeyReused):
		status, code = http.StatusUnprocessableEntity, "idempotency_key_reused"
	case errors.Is(err, idempotency.ErrInFlight):
		status, code = http.StatusConflict, "request_in_progress"
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		log.Error("request failed", "err", err)
		msg = "internal error"
	}
	writeJSON(w, status, errorBody{Error: code, Message: msg})
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(domain.ErrValidation, err)
	}
	return nil
}

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, errors.Join(domain.ErrValidation, errors.New(name+" must be a UUID"))
	}
	return id, nil
}

// actor is the authenticated caller, set by the gateway in front of us.
func actor(r *http.Request) string {
	if a := r.Header.Get("X-Authenticated-User"); a != "" {
		return a
	}
	return "unknown"
}
