package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
)

const maxBody = 1 << 20

type errorBody struct {
	Error     string `json:"error"`
	Code      string `json:"code"`
	RequestID string `json:"request_id,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// writeError maps domain errors onto HTTP status codes.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status, code := http.StatusInternalServerError, "internal"
	switch {
	case errors.Is(err, domain.ErrInvalid):
		status, code = http.StatusUnprocessableEntity, "invalid"
	case errors.Is(err, domain.ErrNotFound):
		status, code = http.StatusNotFound, "not_found"
	case errors.Is(err, domain.ErrInvalidState):
		status, code = http.StatusConflict, "invalid_state"
	case errors.Is(err, domain.ErrConflict):
		status, code = http.StatusConflict, "conflict"
	case errors.Is(err, domain.ErrKeyReused):
		status, code = http.StatusUnprocessableEntity, "idempotency_key_reused"
	case errors.Is(err, domain.ErrInsufficientStock):
		status, code = http.StatusConflict, "insufficient_stock"
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		msg = "internal error"
	}
	writeJSON(w, status, errorBody{Error: msg, Code: code, RequestID: middleware.GetReqID(r.Context())})
}

// readBody reads the request body, bounded.
func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		return nil, domain.ErrInvalid
	}
	return b, nil
}

// decodeJSON reads and decodes the body into v, returning the raw bytes.
func decodeJSON(r *http.Request, v any) ([]byte, error) {
	b, err := readBody(r)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return nil, errors.Join(domain.ErrInvalid, err)
	}
	return b, nil
}

// idempotencyKey returns the Idempotency-Key header, which endpoints that
// move money or create orders require.
func idempotencyKey(r *http.Request) (string, error) {
	k := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if k == "" || len(k) > 200 {
		return "", errors.Join(domain.ErrInvalid, errors.New("Idempotency-Key header is required"))
	}
	return k, nil
}

func requestHash(body []byte) string { return ids.Fingerprint(body) }

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, errors.Join(domain.ErrInvalid, errors.New(name+" must be a UUID"))
	}
	return id, nil
}
