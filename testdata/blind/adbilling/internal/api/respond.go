package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/brightlane/adbilling/internal/domain"
)

type errorBody struct {
	Error     string `json:"error"`
	Field     string `json:"field,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalid("body", err.Error())
	}
	return nil
}

func (h *Handlers) fail(w http.ResponseWriter, r *http.Request, err error) {
	reqID := RequestID(r.Context())
	var verr *domain.ValidationError
	switch {
	case errors.As(err, &verr):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: verr.Reason, Field: verr.Field, RequestID: reqID})
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not found", RequestID: reqID})
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInvalidState):
		writeJSON(w, http.StatusConflict, errorBody{Error: err.Error(), RequestID: reqID})
	case errors.Is(err, domain.ErrAdvertiserClose):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: err.Error(), RequestID: reqID})
	case errors.Is(err, domain.ErrInsufficient):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "insufficient available balance", RequestID: reqID})
	default:
		h.log.Error("request failed", "path", r.URL.Path, "err", err, "request_id", reqID)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error", RequestID: reqID})
	}
}

// Handlers holds the HTTP handlers.
type Handlers struct {
	advertisers   Advertisers
	topups        TopUps
	campaigns     Campaigns
	invoices      Invoices
	payouts       Payouts
	webhookSecret string
	log           *slog.Logger
}
