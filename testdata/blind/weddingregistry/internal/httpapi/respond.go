package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/tiedknot/registry/internal/gifting"
	"github.com/tiedknot/registry/internal/notify"
	"github.com/tiedknot/registry/internal/payouts"
	"github.com/tiedknot/registry/internal/providers/stripepay"
	"github.com/tiedknot/registry/internal/registry"
)

type coupleKey struct{}

// requireCouple reads the couple id the auth gateway put on the request.
func requireCouple(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Couple-ID")
		if id == "" {
			writeError(w, http.StatusUnauthorized, "authentication required")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), coupleKey{}, id)))
	})
}

func coupleID(r *http.Request) string {
	id, _ := r.Context().Value(coupleKey{}).(string)
	return id
}

const maxBody = 1 << 20

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// errorStatus maps service errors to HTTP statuses.
var errorStatus = []struct {
	err    error
	status int
}{
	{registry.ErrNotFound, http.StatusNotFound},
	{registry.ErrForbidden, http.StatusForbidden},
	{registry.ErrSlugTaken, http.StatusConflict},
	{registry.ErrInvalid, http.StatusUnprocessableEntity},
	{registry.ErrNotPublished, http.StatusConflict},
	{registry.ErrAlreadyClaimed, http.StatusConflict},
	{registry.ErrUnknownRetailer, http.StatusUnprocessableEntity},
	{gifting.ErrNotFound, http.StatusNotFound},
	{gifting.ErrInvalid, http.StatusUnprocessableEntity},
	{gifting.ErrSoldOut, http.StatusConflict},
	{gifting.ErrKeyRequired, http.StatusBadRequest},
	{gifting.ErrKeyReused, http.StatusUnprocessableEntity},
	{gifting.ErrCheckoutInProgress, http.StatusConflict},
	{gifting.ErrNotCancellable, http.StatusConflict},
	{gifting.ErrTargetClosed, http.StatusConflict},
	{notify.ErrNotFound, http.StatusNotFound},
	{notify.ErrForbidden, http.StatusForbidden},
	{notify.ErrInvalid, http.StatusUnprocessableEntity},
	{payouts.ErrNotFound, http.StatusNotFound},
	{payouts.ErrForbidden, http.StatusForbidden},
	{payouts.ErrInvalid, http.StatusUnprocessableEntity},
	{payouts.ErrPayoutsNotEnabled, http.StatusConflict},
	{payouts.ErrInsufficientBalance, http.StatusConflict},
	{stripepay.ErrCardDeclined, http.StatusPaymentRequired},
}

func (h *handlers) fail(w http.ResponseWriter, r *http.Request, err error) {
	for _, m := range errorStatus {
		if errors.Is(err, m.err) {
			writeError(w, m.status, err.Error())
			return
		}
	}
	h.Log.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
	writeError(w, http.StatusInternalServerError, "internal error")
}
