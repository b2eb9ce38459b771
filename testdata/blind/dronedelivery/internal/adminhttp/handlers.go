package adminhttp

import (
	"net/http"
	"time"

	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
)

// retryRefund resubmits a refund that the provider rejected or that timed out.
func (a *API) retryRefund(w http.ResponseWriter, r *http.Request) {
	id, ok := pathUUID(r, "id")
	if !ok {
		writeError(w, http.StatusBadRequest, "invalid refund id")
		return
	}
	ref, err := a.deps.Refunds.RetryRefund(r.Context(), id)
	if err != nil {
		writeError(w, statusFor(err), err.Error())
		return
	}
	a.log.InfoContext(r.Context(), "refund resubmitted", "refund", id, "operator", operator(r), "status", ref.Status)
	writeJSON(w, http.StatusOK, map[string]any{
		"id":                 ref.ID.String(),
		"status":             ref.Status,
		"provider_refund_id": ref.ProviderRefundID,
	})
}

type runRequest struct {
	Period string `json:"period"`
}

// runBilling starts the surcharge invoice run on demand, e.g. after the
// scheduled run was interrupted.
func (a *API) runBilling(w http.ResponseWriter, r *http.Request) {
	var req runRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if req.Period == "" {
		req.Period = billing.PreviousPeriod(time.Now())
	}
	sum, err := a.deps.RunBilling.Handle(r.Context(), billing.RunCmd{Period: req.Period})
	if err != nil {
		writeError(w, statusFor(err), err.Error())
		return
	}
	writeJSON(w, http.StatusOK, sum)
}
