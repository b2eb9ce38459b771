package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/vinoteca/wineclub/internal/commands"
	"github.com/vinoteca/wineclub/internal/platform/bus"
	"github.com/vinoteca/wineclub/internal/platform/idempotency"
)

// Webhooks are mounted under /webhooks.
type Webhooks interface {
	Stripe(w http.ResponseWriter, r *http.Request)
	CarrierTracking(w http.ResponseWriter, r *http.Request)
	CarrierLabels(w http.ResponseWriter, r *http.Request)
}

// Deps are the router's dependencies.
type Deps struct {
	Bus       *bus.Bus
	Responses idempotency.Store
	Webhooks  Webhooks
	Reads     *Reads
	Log       *slog.Logger
}

// NewRouter builds the HTTP router.
func NewRouter(d Deps) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Route("/members", func(r chi.Router) {
			r.Post("/", command(d.Bus, bindSignUp, withStatus(http.StatusCreated)))
			r.Route("/{memberID}", func(r chi.Router) {
				r.Get("/", d.Reads.Member)
				r.Post("/age-verification", command(d.Bus, bindVerifyAge, withoutBody()))
				r.Post("/credits", command(d.Bus, bindIssueCredit, withStatus(http.StatusCreated)))
				r.Post("/referrals", command(d.Bus, bindReferral))
				r.Post("/cancel", command(d.Bus, bindCancel))
			})
		})
		r.Route("/allocations/{allocationID}", func(r chi.Router) {
			r.Get("/", d.Reads.Allocation)
			r.With(idempotency.Middleware(d.Responses, "allocation.addons")).
				Post("/addons", command(d.Bus, bindAddons))
			r.Post("/apply-credit", command(d.Bus, bindApplyCredit))
			r.Post("/skip", command(d.Bus, bindSkip, withoutBody()))
			r.Post("/charge", command(d.Bus, bindCharge, withoutBody()))
		})
		r.Post("/charges/{chargeID}/refunds", command(d.Bus, bindRefund, withStatus(http.StatusCreated)))
		r.Route("/shipments/{shipmentID}", func(r chi.Router) {
			r.Get("/", d.Reads.Shipment)
			r.Post("/label", command(d.Bus, bindLabel))
			r.Post("/return-label", command(d.Bus, bindReturnLabel))
		})
		r.Post("/gifts", command[commands.PurchaseGift](d.Bus, nil, withStatus(http.StatusCreated)))
		r.Post("/gifts/{code}/redeem", command(d.Bus, bindRedeem, withStatus(http.StatusCreated)))
		r.Post("/compliance/filings", command(d.Bus, bindFiling))
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", d.Webhooks.Stripe)
		r.Post("/carrier/tracking", d.Webhooks.CarrierTracking)
		r.Post("/carrier/labels", d.Webhooks.CarrierLabels)
	})
	return r
}
