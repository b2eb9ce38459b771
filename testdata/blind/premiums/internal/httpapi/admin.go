package httpapi

import (
	"net/http"

	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/claims"
)

type adjudicateRequest struct {
	Decision      string `json:"decision"`
	ApprovedCents int64  `json:"approved_cents"`
	Note          string `json:"note"`
}

// AdjudicateClaim handles POST /internal/claims/{id}/adjudicate, used by the
// adjuster console for claims the rules engine referred.
func AdjudicateClaim(svc claims.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req adjudicateRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		c, err := svc.Adjudicate(r.Context(), claims.AdjudicateInput{
			ClaimID:       mux.Vars(r)["id"],
			Decision:      req.Decision,
			ApprovedCents: req.ApprovedCents,
			Note:          req.Note,
			AdjusterID:    r.Header.Get("X-Adjuster-Id"),
		})
		if err != nil {
			writeError(w, r, statusFor(err, claimErrors), err)
			return
		}
		resp := claimResponse{ID: c.ID, Status: c.Status, InvoiceNumber: c.VetInvoiceNumber, ClaimedCents: c.ClaimedCents}
		if c.ApprovedCents.Valid {
			resp.ApprovedCents = &c.ApprovedCents.Int64
		}
		writeJSON(w, http.StatusOK, resp)
	}
}

type premiumRunRequest struct {
	Period string `json:"period"`
}

// TriggerPremiumRun handles POST /internal/premium-runs for manual re-runs.
func TriggerPremiumRun(svc billing.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req premiumRunRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		if err := svc.TriggerRun(r.Context(), req.Period); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		writeJSON(w, http.StatusAccepted, map[string]string{"period": req.Period, "status": "scheduled"})
	}
}
