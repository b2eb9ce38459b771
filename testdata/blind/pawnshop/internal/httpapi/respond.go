package httpapi

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/result"
)

type errorBody struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Field     string `json:"field,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeResult writes the value of an Ok result with status, or maps the error.
func writeResult[T any](w http.ResponseWriter, r *http.Request, status int, res result.Result[T]) {
	v, err := res.Unwrap()
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, status, v)
}

// errorTable maps domain sentinels to HTTP statuses; first match wins.
var errorTable = []struct {
	err    error
	status int
	code   string
}{
	{domain.ErrNotFound, http.StatusNotFound, "not_found"},
	{domain.ErrInvalid, http.StatusBadRequest, "invalid_request"},
	{domain.ErrAlreadyRedeemed, http.StatusConflict, "already_redeemed"},
	{domain.ErrLoanClosed, http.StatusConflict, "loan_closed"},
	{domain.ErrNothingDue, http.StatusConflict, "nothing_due"},
	{domain.ErrNotForfeitable, http.StatusConflict, "not_forfeitable"},
	{domain.ErrVoidWindow, http.StatusConflict, "void_window_closed"},
	{domain.ErrInProgress, http.StatusConflict, "request_in_progress"},
	{domain.ErrConflict, http.StatusConflict, "conflict"},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired, "payment_declined"},
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	body := errorBody{Code: "internal", Message: "internal error", RequestID: middleware.GetReqID(r.Context())}
	status := http.StatusInternalServerError
	for _, e := range errorTable {
		if errors.Is(err, e.err) {
			status, body.Code, body.Message = e.status, e.code, err.Error()
			break
		}
	}
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		body.Field, body.Message = ve.Field, ve.Reason
	}
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, body)
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalid("body", err.Error())
	}
	return nil
}

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, domain.Invalid(name, "must be a UUID")
	}
	return id, nil
}
