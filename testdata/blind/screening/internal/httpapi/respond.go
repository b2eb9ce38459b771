package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/tenantlens/screening/internal/domain"
)

type errorBody struct {
	Error     string `json:"error"`
	Field     string `json:"field,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Warn("encode response", "err", err)
	}
}

func writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	body := errorBody{Error: err.Error(), RequestID: RequestIDFrom(r.Context())}
	status := http.StatusInternalServerError
	var inv *domain.InvalidError
	switch {
	case errors.As(err, &inv):
		status, body.Field, body.Error = http.StatusUnprocessableEntity, inv.Field, inv.Msg
	case errors.Is(err, domain.ErrInvalid):
		status = http.StatusBadRequest
	case errors.Is(err, domain.ErrNotFound):
		status, body.Error = http.StatusNotFound, "not found"
	case errors.Is(err, domain.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, domain.ErrUnauthorized):
		status, body.Error = http.StatusUnauthorized, "unauthorized"
	}
	if status == http.StatusInternalServerError {
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		body.Error = "internal error"
	}
	writeJSON(w, status, body)
}

func decode(r *http.Request, dst any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("empty body: %w", domain.ErrInvalid)
		}
		return fmt.Errorf("malformed JSON: %v: %w", err, domain.ErrInvalid)
	}
	return nil
}
