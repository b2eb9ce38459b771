package httpapi

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/service/quotes"
)

type createQuoteRequest struct {
	PolicyholderID string `json:"policyholder_id"`
	PetID          string `json:"pet_id"`
	PlanCode       string `json:"plan_code"`
}

type quoteResponse struct {
	ID                  string    `json:"id"`
	Reference           string    `json:"reference"`
	PlanCode            string    `json:"plan_code"`
	MonthlyPremiumCents int64     `json:"monthly_premium_cents"`
	AnnualLimitCents    int64     `json:"annual_limit_cents"`
	ExcessCents         int64     `json:"excess_cents"`
	Currency            string    `json:"currency"`
	ExpiresAt           time.Time `json:"expires_at"`
}

// CreateQuote handles POST /v1/quotes.
func CreateQuote(svc quotes.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, err := idempotencyKey(r)
		if err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		var req createQuoteRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		q, created, err := svc.Create(r.Context(), quotes.CreateInput{
			IdempotencyKey: key,
			PolicyholderID: req.PolicyholderID,
			PetID:          req.PetID,
			PlanCode:       req.PlanCode,
		})
		if err != nil {
			writeError(w, r, statusFor(err, map[error]int{
				quotes.ErrUnknownPlan: http.StatusUnprocessableEntity,
				quotes.ErrPetMismatch: http.StatusForbidden,
			}), err)
			return
		}
		status := http.StatusCreated
		if !created {
			status = http.StatusOK
		}
		writeJSON(w, status, quoteResponse{
			ID: q.ID, Reference: q.Reference, PlanCode: q.PlanCode,
			MonthlyPremiumCents: q.MonthlyPremiumCents, AnnualLimitCents: q.AnnualLimitCents,
			ExcessCents: q.ExcessCents, Currency: q.Currency, ExpiresAt: q.ExpiresAt,
		})
	}
}

// GetQuote handles GET /v1/quotes/{id}.
func GetQuote(svc quotes.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, err := svc.Get(r.Context(), mux.Vars(r)["id"])
		if err != nil {
			writeError(w, r, statusFor(err, nil), err)
			return
		}
		writeJSON(w, http.StatusOK, quoteResponse{
			ID: q.ID, Reference: q.Reference, PlanCode: q.PlanCode,
			MonthlyPremiumCents: q.MonthlyPremiumCents, AnnualLimitCents: q.AnnualLimitCents,
			ExcessCents: q.ExcessCents, Currency: q.Currency, ExpiresAt: q.ExpiresAt,
		})
	}
}
