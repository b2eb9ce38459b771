// Package api is the royalty platform's HTTP surface: the admin API used by
// the finance console and the Stripe webhook endpoint.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/stripe/stripe-go/v76"

	"github.com/soundledger/royalties/internal/service/adjustments"
	"github.com/soundledger/royalties/internal/service/artists"
	"github.com/soundledger/royalties/internal/service/payouts"
	"github.com/soundledger/royalties/internal/service/statements"
	"github.com/soundledger/royalties/internal/service/webhooks"
)

// WebhookVerifier authenticates Stripe webhook payloads.
type WebhookVerifier interface {
	Verify(payload []byte, signature string) (stripe.Event, error)
}

// TokenAuthenticator maps admin bearer tokens to an actor name.
type TokenAuthenticator interface {
	Actor(token string) (string, bool)
}

// Handler holds the services behind the HTTP routes.
type Handler struct {
	Artists     artists.Service
	Catalog     artists.Catalog
	Adjustments adjustments.Service
	Statements  statements.Service
	Payouts     payouts.Service
	Webhooks    webhooks.Processor
	Verifier    WebhookVerifier
	Auth        TokenAuthenticator
	Log         *slog.Logger
}

// Routes builds the router.
func (h *Handler) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(withLogger(h.Log))
	r.Use(requestID)
	r.Use(middleware.RealIP)
	r.Use(accessLog)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Post("/webhooks/stripe", h.stripeWebhook)

	r.Route("/admin", func(r chi.Router) {
		r.Use(h.requireAdmin)

		r.Post("/artists", h.createArtist)
		r.Get("/artists/{artistID}", h.getArtist)
		r.Patch("/artists/{artistID}/payout-settings", h.updatePayoutSettings)

		r.Get("/tracks/{isrc}/splits", h.listSplits)
		r.Post("/tracks/{isrc}/splits", h.addSplit)

		r.Post("/adjustments", h.createAdjustment)

		r.Post("/statement-runs", h.scheduleRun)
		r.Get("/statements/{statementID}", h.getStatement)
		r.Post("/statements/{statementID}/approve", h.approveStatement)
		r.Post("/statements/{statementID}/void", h.voidStatement)
		r.Post("/statements/{statementID}/resend", h.resendStatement)

		r.Post("/payouts", h.manualPayout)
		r.Get("/payouts/{payoutID}", h.getPayout)
		r.Post("/payouts/{payoutID}/retry", h.retryPayout)
		r.Post("/payouts/{payoutID}/cancel", h.cancelPayout)
	})
	return r
}
