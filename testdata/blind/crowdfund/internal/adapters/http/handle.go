// Package httpadapter exposes the use cases over HTTP with chi.
package httpadapter

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/brightfund/crowdfund/internal/core/domain"
)

// pathBinder is implemented by request types that take URL parameters.
type pathBinder interface {
	bindPath(param func(string) string)
}

// statusCoder lets a response choose its HTTP status (default 200).
type statusCoder interface {
	StatusCode() int
}

type empty struct{}

// handle adapts a typed use-case call to an http.HandlerFunc: it decodes
// the JSON body into Req, binds path parameters, and encodes Resp.
func handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if r.Body != nil && r.Method != http.MethodGet && r.Method != http.MethodDelete {
			dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&req); err != nil && !errors.Is(err, io.EOF) {
				writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_json", Message: err.Error()})
				return
			}
		}
		if b, ok := any(&req).(pathBinder); ok {
			b.bindPath(func(k string) string { return chi.URLParam(r, k) })
		}
		resp, err := fn(r.Context(), req)
		if err != nil {
			writeError(w, r, err)
			return
		}
		status := http.StatusOK
		if sc, ok := any(resp).(statusCoder); ok {
			status = sc.StatusCode()
		}
		writeJSON(w, status, resp)
	}
}

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
	Field   string `json:"field,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ve *domain.ValidationError
	switch {
	case errors.As(err, &ve):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "invalid", Message: ve.Message, Field: ve.Field})
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not_found"})
	case errors.Is(err, domain.ErrForbidden):
		writeJSON(w, http.StatusForbidden, errorBody{Error: "forbidden"})
	case errors.Is(err, domain.ErrKeyRequired):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "idempotency_key_required"})
	case errors.Is(err, domain.ErrSoldOut):
		writeJSON(w, http.StatusConflict, errorBody{Error: "sold_out"})
	case errors.Is(err, domain.ErrInvalidState):
		writeJSON(w, http.StatusConflict, errorBody{Error: "invalid_state", Message: err.Error()})
	case errors.Is(err, domain.ErrPaymentFailed):
		writeJSON(w, http.StatusPaymentRequired, errorBody{Error: "payment_failed", Message: err.Error()})
	case errors.Is(err, domain.ErrProviderFailed):
		slog.ErrorContext(r.Context(), "provider error", "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusBadGateway, errorBody{Error: "upstream_unavailable"})
	default:
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal"})
	}
}
