package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/obs"
	"github.com/dinein/platform/internal/service"
)

// Handlers holds the services behind the public API.
type Handlers struct {
	fx.In

	Orders        service.OrderService
	Checkout      service.CheckoutService
	Credits       service.CreditService
	Menu          service.MenuService
	Dispatch      service.DispatchService
	Notifications service.NotificationService
	Log           *zap.Logger
	Metrics       *obs.Metrics
}

// NewRouter builds the chi router for the public API.
func NewRouter(h Handlers) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	r.Handle("/metrics", promhttp.HandlerFor(h.Metrics.Registry, promhttp.HandlerOpts{}))

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(requireUUIDHeader(headerCustomer, ctxCustomer))
			r.Post("/orders", h.placeOrder)
			r.Route("/orders/{orderID}", func(r chi.Router) {
				r.Post("/checkout", h.checkout)
				r.Post("/tip", h.addTip)
				r.Post("/cancel", h.cancelOrder)
				r.Post("/missing-items", h.reportMissingItems)
				r.Post("/receipt", h.resendReceipt)
			})
			r.Post("/promos/redeem", h.redeemPromo)
		})

		r.Group(func(r chi.Router) {
			r.Use(requireUUIDHeader(headerRestaurant, ctxRestaurant))
			r.Route("/restaurants/{restaurantID}", func(r chi.Router) {
				r.Use(sameRestaurant)
				r.Get("/menu-items", h.listMenu)
				r.Post("/menu-items", h.createMenuItem)
				r.Put("/menu-items/{itemID}/availability", h.setAvailability)
				r.Post("/orders/{orderID}/accept", h.acceptOrder)
				r.Post("/orders/{orderID}/ready", h.markReady)
				r.Post("/orders/{orderID}/reject", h.rejectOrder)
			})
		})

		r.Group(func(r chi.Router) {
			r.Use(requireAgent)
			r.Post("/support/tickets/{ticketID}/credits", h.issueSupportCredit)
			r.Post("/support/orders/{orderID}/redispatch", h.redispatch)
		})

		// Called by the growth service over the internal network.
		r.Post("/internal/referrals/bonus", h.referralBonus)
	})
	return r
}
