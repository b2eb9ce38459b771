package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/driftline-services/snowplow/internal/platform/httpx"
)

// Handlers groups every handler the router mounts.
type Handlers struct {
	Dispatch       *DispatchWebhook
	Bank           *BankWebhook
	Subcontractors *SubcontractorHandlers
	Salt           *SaltHandlers
	Assignments    *AssignmentHandlers
	Payouts        *PayoutHandlers
}

// NewRouter mounts the API.
func NewRouter(h Handlers, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})

	mux.Handle("POST /webhooks/dispatch/assignments", h.Dispatch)
	mux.Handle("POST /webhooks/bank/payouts", h.Bank)

	mux.Handle("POST /v1/subcontractors", httpx.Handle(h.Subcontractors.Register))
	mux.Handle("POST /v1/subcontractors/{id}/bank-account", httpx.Handle(h.Subcontractors.LinkBankAccount))
	mux.Handle("POST /v1/subcontractors/{id}/adjustments", httpx.Handle(h.Subcontractors.Adjust))

	mux.Handle("POST /v1/salt/deliveries", httpx.Handle(h.Salt.RecordDelivery))

	mux.Handle("POST /v1/assignments/{id}/reassign", httpx.Handle(h.Assignments.Reassign))
	mux.Handle("POST /v1/assignments/{id}/passes", httpx.Handle(h.Assignments.RecordPass))

	mux.Handle("POST /v1/payouts/{id}/requeue", httpx.Handle(h.Payouts.Requeue))

	return httpx.Chain(mux,
		httpx.RequestID(),
		httpx.AccessLog(log),
		httpx.Recover(log),
		httpx.Timeout(30*time.Second),
	)
}
