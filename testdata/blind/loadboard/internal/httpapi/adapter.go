// Package httpapi exposes the load board over HTTP with chi. Handlers have
// the signature func(*http.Request) (any, error) and are adapted to
// http.HandlerFunc by Adapt, which owns encoding and error mapping.
package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/platform/idem"
	"github.com/haulgrid/loadboard/internal/store"
)

// HandlerFunc is the signature of every API handler.
type HandlerFunc func(r *http.Request) (any, error)

// Response lets a handler choose the status code and headers.
type Response struct {
	Status  int
	Body    any
	Headers map[string]string
	// Raw is written as-is (already encoded JSON) when set.
	Raw []byte
}

func created(body any) *Response  { return &Response{Status: http.StatusCreated, Body: body} }
func accepted(body any) *Response { return &Response{Status: http.StatusAccepted, Body: body} }
func noContent() *Response        { return &Response{Status: http.StatusNoContent} }

type errorBody struct {
	Error   string `json:"error"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// Adapter converts HandlerFuncs to http.HandlerFuncs.
type Adapter struct {
	log *slog.Logger
}

func NewAdapter(log *slog.Logger) *Adapter { return &Adapter{log: log} }

// Adapt wraps h.
func (a *Adapter) Adapt(h HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := h(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		switch v := out.(type) {
		case nil:
			w.WriteHeader(http.StatusNoContent)
		case *Response:
			for k, val := range v.Headers {
				w.Header().Set(k, val)
			}
			status := v.Status
			if status == 0 {
				status = http.StatusOK
			}
			switch {
			case v.Raw != nil:
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				_, _ = w.Write(v.Raw)
			case v.Body == nil:
				w.WriteHeader(status)
			default:
				writeJSON(w, status, v.Body)
			}
		default:
			writeJSON(w, http.StatusOK, v)
		}
	}
}

func (a *Adapter) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var (
		ve *domain.ValidationError
		te *domain.TransitionError
	)
	switch {
	case errors.As(err, &ve):
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "invalid", Field: ve.Field, Message: ve.Reason})
	case errors.As(err, &te):
		writeJSON(w, http.StatusConflict, errorBody{Error: "invalid_state", Message: te.Error()})
	case errors.Is(err, domain.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "resource not found"})
	case errors.Is(err, domain.ErrForbidden):
		writeJSON(w, http.StatusForbidden, errorBody{Error: "forbidden", Message: "not allowed for this account"})
	case errors.Is(err, domain.ErrConflict), errors.Is(err, store.ErrKeyMismatch), errors.Is(err, idem.ErrKeyReused):
		writeJSON(w, http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()})
	case errors.Is(err, errUnauthenticated):
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated", Message: err.Error()})
	case errors.Is(err, errBadRequest):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: err.Error()})
	default:
		a.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "error", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal", Message: "internal error"})
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

var (
	errBadRequest      = errors.New("bad request")
	errUnauthenticated = errors.New("unauthenticated")
)

const maxBody = 1 << 20

// readBody reads the raw request body (bounded).
func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		return nil, errors.Join(errBadRequest, err)
	}
	return b, nil
}

// decode reads the body as JSON into v.
func decode(r *http.Request, v any) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	return decodeBytes(body, v)
}

func decodeBytes(body []byte, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		return errors.Join(errBadRequest, err)
	}
	return nil
}
