// Package api holds the resident and staff HTTP handlers.
package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/civicworks/permits/internal/clients/inspections"
	"github.com/civicworks/permits/internal/clients/payments"
	"github.com/civicworks/permits/internal/permits"
)

const maxJSONBody = 256 << 10

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(permits.ErrValidation, err)
	}
	return nil
}

type errorBody struct {
	Error string `json:"error"`
}

// writeError maps domain errors onto HTTP statuses.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, permits.ErrValidation):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, permits.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, permits.ErrForbidden):
		status = http.StatusForbidden
	case errors.Is(err, permits.ErrConflict), errors.Is(err, permits.ErrInvalidState):
		status = http.StatusConflict
	case errors.Is(err, payments.ErrDeclined):
		status = http.StatusPaymentRequired
	case errors.Is(err, inspections.ErrSlotTaken):
		status = http.StatusConflict
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		log.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		msg = "internal error"
	}
	writeJSON(w, status, errorBody{Error: msg})
}
