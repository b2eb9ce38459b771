package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/hammerline/auctions/internal/bidding"
	"github.com/hammerline/auctions/internal/lots"
	"github.com/hammerline/auctions/internal/orders"
	"github.com/hammerline/auctions/internal/platform/idem"
	"github.com/hammerline/auctions/internal/shipping"
)

// Services are the dependencies of the router.
type Services struct {
	Lots     lots.Service
	Bidding  bidding.Service
	Orders   orders.Service
	Shipping shipping.Service
	Stripe   StripeEventHandler
	Carrier  CarrierBatchHandler
}

// Secrets verifies provider webhooks.
type Secrets struct {
	StripeWebhook  string
	CarrierWebhook string
}

// NewRouter builds the HTTP handler.
func NewRouter(s Services, sec Secrets) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP)
	r.Use(requestLogger)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", stripeWebhook(sec.StripeWebhook, s.Stripe))
		r.Post("/carrier", carrierWebhook(sec.CarrierWebhook, s.Carrier))
	})

	r.Route("/v1", func(r chi.Router) {
		r.Use(authenticate)

		r.Get("/sellers/me/lots", listMyLots(s.Lots))
		r.With(idem.Middleware(true)).Post("/lots", createLot(s.Lots))
		r.Route("/lots/{lotID}", func(r chi.Router) {
			r.Get("/", getLot(s.Lots))
			r.Post("/publish", publishLot(s.Lots))
			r.Post("/cancel", cancelLot(s.Lots))
			r.Post("/watch", watchLot(s.Lots))
			r.Delete("/watch", unwatchLot(s.Lots))
			r.Post("/second-chance", offerSecondChance(s.Lots))
			r.With(idem.Middleware(true)).Post("/bids", placeBid(s.Bidding))
			r.With(idem.Middleware(true)).Post("/questions", askQuestion(s.Lots))
		})

		r.Route("/orders/{orderID}", func(r chi.Router) {
			r.Get("/", getOrder(s.Orders))
			r.Post("/payment", payOrder(s.Orders))
			r.Post("/disputes", openDispute(s.Orders))
			r.Post("/label", buyLabel(s.Shipping))
			r.Get("/shipment", getShipment(s.Shipping))
			r.With(requireRole("support")).Post("/refunds", refundOrder(s.Orders))
		})
	})
	return r
}
