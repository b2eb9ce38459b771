package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/quillsign/esign/internal/app"
)

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

// errorStatus maps service errors onto HTTP statuses.
var errorStatus = []struct {
	target error
	status int
	code   string
}{
	{app.ErrNotFound, http.StatusNotFound, "not_found"},
	{app.ErrInvalid, http.StatusUnprocessableEntity, "invalid_request"},
	{app.ErrAlreadySigned, http.StatusConflict, "already_signed"},
	{app.ErrNotSignable, http.StatusConflict, "not_signable"},
	{app.ErrConflict, http.StatusConflict, "conflict"},
	{app.ErrKeyReused, http.StatusUnprocessableEntity, "idempotency_key_reused"},
	{app.ErrPaymentFailed, http.StatusPaymentRequired, "payment_failed"},
	{app.ErrNoPaymentSetup, http.StatusPaymentRequired, "no_payment_method"},
}

func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	for _, m := range errorStatus {
		if errors.Is(err, m.target) {
			body := errorBody{Error: m.code, Message: err.Error()}
			var ve *app.ValidationError
			if errors.As(err, &ve) {
				body.Field, body.Message = ve.Field, ve.Reason
			}
			writeJSON(w, m.status, body)
			return
		}
	}
	log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal_error"})
}

// decodeJSON reads a JSON body of at most 1 MiB into a T.
func decodeJSON[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, app.Invalid("body", err.Error())
	}
	return v, nil
}

// jsonHandler adapts a typed handler function to http.HandlerFunc.
func jsonHandler[In any, Out any](log *slog.Logger, fn func(r *http.Request, in In) (Out, int, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[In](r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		out, status, err := fn(r, in)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, status, out)
	}
}
