package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/billing"
)

const maxBody = 1 << 20

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError maps service errors onto HTTP statuses.
func writeError(w http.ResponseWriter, log *zap.Logger, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not found", Code: "not_found"})
	case errors.Is(err, domain.ErrKeyReused):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: err.Error(), Code: "idempotency_key_reused"})
	case errors.Is(err, domain.ErrBerthUnavailable):
		writeJSON(w, http.StatusConflict, errorBody{Error: err.Error(), Code: "berth_unavailable"})
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
		writeJSON(w, http.StatusConflict, errorBody{Error: err.Error(), Code: "invalid_state"})
	case errors.Is(err, billing.ErrDeclined):
		writeJSON(w, http.StatusPaymentRequired, errorBody{Error: err.Error(), Code: "card_declined"})
	case errors.As(err, new(*badRequest)), errors.Is(err, domain.ErrInvalidInput):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: err.Error(), Code: "bad_request"})
	default:
		log.Error("request failed", zap.Error(err))
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error"})
	}
}

type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func invalid(err error) error { return &badRequest{msg: err.Error()} }

// readBody reads and returns the request body, capped at maxBody.
func readBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		return nil, invalid(err)
	}
	return body, nil
}

// decode reads the JSON body into v and returns the raw bytes as well.
func decode(r *http.Request, v any) ([]byte, error) {
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return nil, invalid(err)
	}
	return body, nil
}

func hashBody(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Date is a calendar date in JSON (YYYY-MM-DD).
type Date struct{ time.Time }

func (d *Date) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return err
	}
	d.Time = t
	return nil
}

func (d Date) MarshalJSON() ([]byte, error) {
	return json.Marshal(d.Format(time.DateOnly))
}
