// Package api contains the HTTP handlers. Each resource has its own handler
// struct; routes are assembled in router.go.
package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/keystone-pm/rent/internal/httpx"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/service/ledger"
	"github.com/keystone-pm/rent/internal/service/maintenance"
	"github.com/keystone-pm/rent/internal/service/notify"
	"github.com/keystone-pm/rent/internal/service/payments"
	"github.com/keystone-pm/rent/internal/service/payouts"
)

type errMapping struct {
	target error
	status int
	code   string
}

var errTable = []errMapping{
	{repo.ErrNotFound, http.StatusNotFound, "not_found"},
	{repo.ErrKeyReuse, http.StatusUnprocessableEntity, "idempotency_key_reused"},
	{payments.ErrInFlight, http.StatusConflict, "request_in_progress"},
	{ledger.ErrInFlight, http.StatusConflict, "request_in_progress"},
	{payouts.ErrInFlight, http.StatusConflict, "request_in_progress"},
	{payments.ErrNotOnLease, http.StatusForbidden, "not_on_lease"},
	{payments.ErrFundingSource, http.StatusUnprocessableEntity, "funding_source_unusable"},
	{payments.ErrNotRefundable, http.StatusConflict, "not_refundable"},
	{payments.ErrRefundExceeds, http.StatusUnprocessableEntity, "refund_exceeds_payment"},
	{payments.ErrInvalidAmount, http.StatusBadRequest, "invalid_amount"},
	{payments.ErrAutopayNotAllowed, http.StatusUnprocessableEntity, "autopay_not_allowed"},
	{ledger.ErrNotWaivable, http.StatusConflict, "not_waivable"},
	{ledger.ErrInvalidCharge, http.StatusBadRequest, "invalid_charge"},
	{ledger.ErrNothingOwed, http.StatusConflict, "nothing_owed"},
	{ledger.ErrInvalidPlan, http.StatusBadRequest, "invalid_plan"},
	{payouts.ErrNotEligible, http.StatusForbidden, "not_eligible"},
	{payouts.ErrInsufficientFunds, http.StatusUnprocessableEntity, "insufficient_funds"},
	{payouts.ErrNotResubmittable, http.StatusConflict, "not_resubmittable"},
	{maintenance.ErrInvalidRequest, http.StatusBadRequest, "invalid_request"},
	{notify.ErrNoPhone, http.StatusUnprocessableEntity, "no_phone"},
}

func writeServiceError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	for _, m := range errTable {
		if errors.Is(err, m.target) {
			httpx.WriteError(w, m.status, m.code, err.Error())
			return
		}
	}
	log.Error("request failed", "path", r.URL.Path, "request_id", httpx.RequestIDFrom(r.Context()), "err", err)
	httpx.WriteError(w, http.StatusInternalServerError, "internal", "internal error")
}

func badRequest(w http.ResponseWriter, err error) {
	httpx.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
}
