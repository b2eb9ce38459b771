// Package httpapi is the public REST API and the provider webhook
// endpoints. Handlers are closures over the services they call.
package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/idem"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

const maxBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

type errorBody struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, pgdb.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, domain.ErrForbidden):
		status = http.StatusForbidden
	case errors.Is(err, domain.ErrInvalidInput), errors.Is(err, domain.ErrBidTooLow):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrLotClosed),
		errors.Is(err, domain.ErrAlreadyClosed), errors.Is(err, idem.ErrKeyReused):
		status = http.StatusConflict
	case errors.Is(err, stripepay.ErrCardDeclined):
		status = http.StatusPaymentRequired
	}
	if status == http.StatusInternalServerError {
		logx.From(r.Context()).Error("request failed", "path", r.URL.Path, "err", err)
		writeJSON(w, status, errorBody{Error: "internal error"})
		return
	}
	writeJSON(w, status, errorBody{Error: err.Error()})
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(domain.ErrInvalidInput, err)
	}
	return nil
}
