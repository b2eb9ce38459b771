// Package httpapi is the registry's public HTTP API and webhook receivers.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tiedknot/registry/internal/fulfillment"
	"github.com/tiedknot/registry/internal/gifting"
	"github.com/tiedknot/registry/internal/notify"
	"github.com/tiedknot/registry/internal/payouts"
	"github.com/tiedknot/registry/internal/platform/httpx"
	"github.com/tiedknot/registry/internal/providers/mailer"
	"github.com/tiedknot/registry/internal/providers/retailer"
	"github.com/tiedknot/registry/internal/providers/stripepay"
	"github.com/tiedknot/registry/internal/registry"
)

// Deps are the handlers' collaborators.
type Deps struct {
	Registry    registry.Service
	Gifting     gifting.Service
	Notify      notify.Service
	Payouts     payouts.Service
	Fulfillment fulfillment.Service
	Webhooks    *gifting.Processor
	Stripe      *stripepay.Client
	Retailers   *retailer.Directory
	Mailer      *mailer.Client
	Responses   httpx.ResponseStore
	Gatherer    prometheus.Gatherer
	Log         *slog.Logger
	PublicURL   string
}

type handlers struct {
	Deps
}

// NewRouter builds the chi router.
func NewRouter(d Deps) http.Handler {
	h := &handlers{Deps: d}
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(d.Log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Handle("/metrics", promhttp.HandlerFor(d.Gatherer, promhttp.HandlerOpts{}))

	r.Route("/v1", func(r chi.Router) {
		// Couple-facing routes; the auth gateway sets X-Couple-ID.
		r.Group(func(r chi.Router) {
			r.Use(requireCouple)
			r.Post("/registries", h.createRegistry)
			r.Post("/registries/{registryID}/publish", h.publishRegistry)
			r.Post("/registries/{registryID}/items", h.addItem)
			r.Put("/registries/{registryID}/items/{itemID}", h.updateItem)
			r.Delete("/registries/{registryID}/items/{itemID}", h.removeItem)
			r.Post("/registries/{registryID}/group-gifts", h.createGroupGift)
			r.With(httpx.Idempotent(d.Responses, "cash-funds", d.Log)).
				Post("/registries/{registryID}/cash-funds", h.createCashFund)
			r.Post("/registries/{registryID}/payout-account", h.connectPayoutAccount)
			r.Post("/registries/{registryID}/payouts", h.requestPayout)
			r.Post("/registries/{registryID}/invitations", h.sendInvitations)
			r.Post("/registries/{registryID}/thank-you-notes", h.composeThankYou)
		})

		// Guest-facing routes.
		r.Post("/registries/{registryID}/items/{itemID}/purchases", h.checkout)
		r.Post("/registries/{registryID}/items/{itemID}/off-registry-claims", h.claimOffRegistry)
		r.Post("/registries/{registryID}/contributions", h.contribute)
		r.Post("/purchases/{purchaseID}/cancellations", h.cancelPurchase)

		// Provider webhooks.
		r.Post("/webhooks/stripe", h.stripeWebhook)
		r.Post("/webhooks/retailers/{retailer}", h.retailerWebhook)
		r.Post("/webhooks/mailer", h.mailerWebhook)
	})
	return r
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.InfoContext(r.Context(), "http",
				"method", r.Method,
				"path", r.URL.Path,
				"status", ww.Status(),
				"dur_ms", time.Since(start).Milliseconds(),
				"req_id", middleware.GetReqID(r.Context()),
			)
		})
	}
}
