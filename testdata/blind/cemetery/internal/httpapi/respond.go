// Package httpapi is the HTTP surface of the api binary: the staff and
// family-portal JSON API and the inbound webhooks.
package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

const maxBody = 1 << 20

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// writeError maps service and repository errors onto status codes.
func writeError(w http.ResponseWriter, log *zap.Logger, err error) {
	status, code := http.StatusInternalServerError, "internal"
	switch {
	case errors.Is(err, service.ErrValidation):
		status, code = http.StatusUnprocessableEntity, "validation"
	case errors.Is(err, repository.ErrNotFound):
		status, code = http.StatusNotFound, "not_found"
	case errors.Is(err, service.ErrPlotUnavailable):
		status, code = http.StatusConflict, "plot_unavailable"
	case errors.Is(err, service.ErrInvalidState):
		status, code = http.StatusConflict, "invalid_state"
	case errors.Is(err, repository.ErrConflict):
		status, code = http.StatusConflict, "conflict"
	}
	if status >= 500 {
		log.Error("request failed", zap.Error(err))
		writeJSON(w, status, errorBody{Error: "internal error", Code: code})
		return
	}
	writeJSON(w, status, errorBody{Error: err.Error(), Code: code})
}

func badRequest(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusBadRequest, errorBody{Error: msg, Code: "bad_request"})
}
