// Package httpapi is the public (policyholder app) and internal (adjuster
// console) HTTP API.
package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/pawsure/premiums/internal/db"
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

func writeError(w http.ResponseWriter, r *http.Request, status int, err error) {
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err, "request_id", RequestIDFrom(r.Context()))
		err = errors.New("internal error")
	}
	writeJSON(w, status, errorBody{Error: err.Error(), RequestID: RequestIDFrom(r.Context())})
}

// statusFor maps common service errors to HTTP statuses.
func statusFor(err error, table map[error]int) int {
	if errors.Is(err, db.ErrNotFound) {
		return http.StatusNotFound
	}
	for target, status := range table {
		if errors.Is(err, target) {
			return status
		}
	}
	return http.StatusInternalServerError
}

const maxJSONBody = 1 << 20

func decodeJSON(r *http.Request, dst any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("invalid JSON body: %w", err)
	}
	return nil
}

var errMissingIdempotencyKey = errors.New("Idempotency-Key header is required")

func idempotencyKey(r *http.Request) (string, error) {
	k := r.Header.Get("Idempotency-Key")
	if k == "" || len(k) > 255 {
		return "", errMissingIdempotencyKey
	}
	return k, nil
}
