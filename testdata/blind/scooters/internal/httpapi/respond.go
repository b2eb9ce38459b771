package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/go-chi/chi/v5"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/reqctx"
	"github.com/kickvolt/ridecore/internal/service/rides"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// errorStatus maps service errors to HTTP statuses. Anything unknown is a
// 500, which the apps retry.
var errorStatus = []struct {
	err    error
	status int
}{
	{pgstore.ErrNotFound, http.StatusNotFound},
	{domain.ErrForbidden, http.StatusForbidden},
	{domain.ErrScooterUnavailable, http.StatusConflict},
	{domain.ErrInvalidTransition, http.StatusConflict},
	{domain.ErrNoPaymentMethod, http.StatusPaymentRequired},
	{domain.ErrUnknownPlan, http.StatusUnprocessableEntity},
	{rides.ErrIdempotencyKeyRequired, http.StatusBadRequest},
}

func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	status := http.StatusInternalServerError
	for _, e := range errorStatus {
		if errors.Is(err, e.err) {
			status = e.status
			break
		}
	}
	var bad *badRequest
	if errors.As(err, &bad) {
		status = http.StatusBadRequest
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		log.ErrorContext(r.Context(), "request failed", "err", err, "path", r.URL.Path)
		msg = "internal error"
	}
	writeJSON(w, status, errorBody{Error: msg, RequestID: reqctx.RequestIDFrom(r.Context())})
}

type badRequest struct{ msg string }

func (b *badRequest) Error() string { return b.msg }

func decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, &badRequest{msg: "invalid body: " + err.Error()}
	}
	return v, nil
}

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, &badRequest{msg: fmt.Sprintf("invalid %s", name)}
	}
	return id, nil
}

// principalID returns the caller's subject as a UUID (riders).
func principalID(r *http.Request) (uuid.UUID, error) {
	p, ok := reqctx.PrincipalFrom(r.Context())
	if !ok {
		return uuid.Nil, domain.ErrForbidden
	}
	id, err := uuid.Parse(p.Subject)
	if err != nil {
		return uuid.Nil, domain.ErrForbidden
	}
	return id, nil
}
