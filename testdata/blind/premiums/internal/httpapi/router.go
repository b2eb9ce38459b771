package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/repo"
	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/policies"
	"github.com/pawsure/premiums/internal/service/quotes"
)

// Services groups what the API handlers depend on.
type Services struct {
	Quotes      quotes.Service
	Policies    policies.Service
	Claims      claims.Service
	Billing     billing.Service
	Idempotency repo.IdempotencyRepository
	Log         *slog.Logger
}

// Mount registers the public and internal API on r.
func Mount(r *mux.Router, s Services) {
	r.Use(RequestID, Recover(s.Log), AccessLog(s.Log))

	v1 := r.PathPrefix("/v1").Subrouter()
	v1.HandleFunc("/quotes", CreateQuote(s.Quotes)).Methods(http.MethodPost)
	v1.HandleFunc("/quotes/{id}", GetQuote(s.Quotes)).Methods(http.MethodGet)
	v1.HandleFunc("/policies", BindPolicy(s.Policies)).Methods(http.MethodPost)
	v1.HandleFunc("/policies/{id}/cancel", CancelPolicy(s.Policies)).Methods(http.MethodPost)
	v1.HandleFunc("/policies/{id}/arrears-payments",
		Idempotent("policy.arrears", s.Idempotency)(PayArrears(s.Policies))).Methods(http.MethodPost)
	v1.HandleFunc("/policies/{id}/wellness-bookings", BookWellness(s.Policies)).Methods(http.MethodPost)
	v1.HandleFunc("/claims", SubmitClaim(s.Claims)).Methods(http.MethodPost)
	v1.HandleFunc("/claims/{id}/documents", UploadDocument(s.Claims)).Methods(http.MethodPost)

	internal := r.PathPrefix("/internal").Subrouter()
	internal.HandleFunc("/claims/{id}/adjudicate", AdjudicateClaim(s.Claims)).Methods(http.MethodPost)
	internal.HandleFunc("/premium-runs", TriggerPremiumRun(s.Billing)).Methods(http.MethodPost)

	r.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}).Methods(http.MethodGet)
}
