package httpapi

import (
	"errors"
	"net/http"

	"github.com/google/uuid"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/platform"
)

// errorTable maps service errors to API responses; the first match wins.
var errorTable = []struct {
	err    error
	status int
	code   string
}{
	{domain.ErrInvalidInput, http.StatusBadRequest, "invalid_input"},
	{domain.ErrNotFound, http.StatusNotFound, "not_found"},
	{domain.ErrForbidden, http.StatusForbidden, "forbidden"},
	{domain.ErrConflict, http.StatusConflict, "conflict"},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired, "payment_declined"},
	{domain.ErrInsufficientPoints, http.StatusUnprocessableEntity, "insufficient_points"},
	{domain.ErrNotRefundable, http.StatusUnprocessableEntity, "not_refundable"},
	{domain.ErrNoActiveSubscription, http.StatusUnprocessableEntity, "no_active_subscription"},
	{domain.ErrDailyLimitReached, http.StatusTooManyRequests, "daily_limit_reached"},
	{domain.ErrBayUnavailable, http.StatusServiceUnavailable, "bay_unavailable"},
}

func (a *API) fail(w http.ResponseWriter, r *http.Request, err error) {
	for _, e := range errorTable {
		if errors.Is(err, e.err) {
			platform.WriteError(w, e.status, e.code, err.Error())
			return
		}
	}
	a.Logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	platform.WriteError(w, http.StatusInternalServerError, "internal", "")
}

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(r.PathValue(name))
	if err != nil {
		return uuid.Nil, domain.Invalid(name, "must be a UUID")
	}
	return id, nil
}
