package api

import (
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/brightlane/adbilling/internal/config"
)

func NewHandlers(adv Advertisers, tu TopUps, cmp Campaigns, inv Invoices, po Payouts, cfg *config.Config, log *slog.Logger) *Handlers {
	return &Handlers{
		advertisers: adv, topups: tu, campaigns: cmp, invoices: inv, payouts: po,
		webhookSecret: cfg.GatewayWebhookSecret, log: log.With("component", "http"),
	}
}

// NewRouter mounts every route.
func NewRouter(h *Handlers, log *slog.Logger) http.Handler {
	r := mux.NewRouter()
	r.Use(withRequestID, withLogging(log), withRecover(log))

	r.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}).Methods(http.MethodGet)

	v1 := r.PathPrefix("/v1").Subrouter()
	v1.HandleFunc("/advertisers", h.CreateAdvertiser).Methods(http.MethodPost)
	v1.HandleFunc("/advertisers/{advertiserID}", h.GetAdvertiser).Methods(http.MethodGet)
	v1.HandleFunc("/advertisers/{advertiserID}/close", h.CloseAdvertiser).Methods(http.MethodPost)
	v1.HandleFunc("/advertisers/{advertiserID}/topups/card", h.CardTopUp).Methods(http.MethodPost)
	v1.HandleFunc("/advertisers/{advertiserID}/topups/bank-transfer", h.BankTransferTopUp).Methods(http.MethodPost)

	v1.HandleFunc("/campaigns", h.CreateCampaign).Methods(http.MethodPost)
	v1.HandleFunc("/campaigns/{campaignID}", h.GetCampaign).Methods(http.MethodGet)
	v1.HandleFunc("/campaigns/{campaignID}/budget", h.UpdateBudget).Methods(http.MethodPut)

	v1.HandleFunc("/invoices/{invoiceID}", h.GetInvoice).Methods(http.MethodGet)
	v1.HandleFunc("/invoices/{invoiceID}/credit-notes", h.IssueCreditNote).Methods(http.MethodPost)
	v1.HandleFunc("/invoices/{invoiceID}/void", h.VoidInvoice).Methods(http.MethodPost)
	v1.HandleFunc("/invoices/{invoiceID}/resend", h.ResendInvoice).Methods(http.MethodPost)

	v1.HandleFunc("/payouts/{payoutID}/retry", h.RetryPayout).Methods(http.MethodPost)
	v1.HandleFunc("/publishers/{publisherID}/payouts/instant", h.InstantPayout).Methods(http.MethodPost)

	r.HandleFunc("/webhooks/gateway", h.GatewayWebhook).Methods(http.MethodPost)
	return r
}
