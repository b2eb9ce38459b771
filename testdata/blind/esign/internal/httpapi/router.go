// Package httpapi is the public REST API and the provider callback endpoints.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/config"
)

// Services are the application services the API exposes.
type Services struct {
	Envelopes app.EnvelopeService
	Signing   app.SigningService
	Reminders app.ReminderService
	Billing   app.BillingService
	Endpoints app.EndpointService
	SMSStatus app.SMSStatusService
}

type route struct {
	method  string
	pattern string
	handler http.Handler
}

// NewRouter builds the chi router.
func NewRouter(cfg config.Config, svc Services, resolve KeyResolver, log *slog.Logger, now app.Clock) http.Handler {
	env := &envelopeHandlers{envelopes: svc.Envelopes, signing: svc.Signing, reminders: svc.Reminders, log: log}
	bill := &billingHandlers{billing: svc.Billing, endpoints: svc.Endpoints, log: log}
	hooks := &webhookHandlers{
		billing:      svc.Billing,
		smsStatus:    svc.SMSStatus,
		stripeSecret: cfg.StripeWebhookSecret,
		smsToken:     cfg.SMSCallbackToken,
		log:          log,
		now:          now,
	}

	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", hooks.stripe)
		r.Post("/sms/status", hooks.smsStatusCallback)
	})

	api := []route{
		{http.MethodPost, "/envelopes", requireIdempotencyKey(env.create())},
		{http.MethodGet, "/envelopes/{envelopeID}", http.HandlerFunc(env.get)},
		{http.MethodPost, "/envelopes/{envelopeID}/send", http.HandlerFunc(env.send)},
		{http.MethodPost, "/envelopes/{envelopeID}/void", env.void()},
		{http.MethodPost, "/envelopes/{envelopeID}/signers/{signerID}/sign", env.sign()},
		{http.MethodPost, "/envelopes/{envelopeID}/signers/{signerID}/remind", http.HandlerFunc(env.remind)},
		{http.MethodPost, "/billing/packs", requireIdempotencyKey(bill.purchasePack())},
		{http.MethodPost, "/webhook-endpoints", bill.registerEndpoint()},
	}
	r.Route("/v1", func(r chi.Router) {
		r.Use(middleware.Timeout(30*time.Second), authenticate(resolve, log))
		for _, rt := range api {
			r.Method(rt.method, rt.pattern, rt.handler)
		}
	})
	return r
}
