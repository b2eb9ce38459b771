// Package httpapi is the public REST API used by the clinic front desk and
// the owner mobile app.
package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/pawpath/vetclinic/internal/errs"
)

const maxBody = 1 << 20

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errs.E(errs.Op("httpapi.decode"), errs.Invalid, "malformed JSON body", err)
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

func statusFor(err error) int {
	switch errs.KindOf(err) {
	case errs.Invalid:
		return http.StatusBadRequest
	case errs.NotFound:
		return http.StatusNotFound
	case errs.Conflict:
		return http.StatusConflict
	case errs.Unauthorized:
		return http.StatusUnauthorized
	case errs.Precondition:
		return http.StatusUnprocessableEntity
	case errs.Unavailable:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}

func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	status := statusFor(err)
	body := errorBody{Error: errs.KindOf(err).String()}
	var e *errs.Error
	if status < 500 && errors.As(err, &e) {
		body.Message = e.Error()
	}
	if status >= 500 {
		log.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, body)
}

// created picks 201 for a fresh resource and 200 for a replay.
func created(replayed bool) int {
	if replayed {
		return http.StatusOK
	}
	return http.StatusCreated
}
