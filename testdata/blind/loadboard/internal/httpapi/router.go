package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/haulgrid/loadboard/internal/platform/idem"
	"github.com/haulgrid/loadboard/internal/providers/eld"
	"github.com/haulgrid/loadboard/internal/providers/inkpass"
	"github.com/haulgrid/loadboard/internal/providers/paystream"
	"github.com/haulgrid/loadboard/internal/service"
)

// Handlers holds the dependencies of the HTTP handlers.
type Handlers struct {
	Loads     *service.LoadService
	Bids      *service.BidService
	Tendering *service.TenderingService
	Delivery  *service.DeliveryService
	QuickPay  *service.QuickPayService
	RateCons  *service.RateConService
	Tracking  *service.TrackingService
	Carriers  *service.CarrierService
	Idem      *idem.Store
	Paystream *paystream.Client
	InkPass   *inkpass.Client
	ELD       *eld.Client
	Log       *slog.Logger
}

// NewRouter mounts every route.
func NewRouter(h *Handlers, a *Adapter) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))
	r.Use(withCorrelation)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(withActor)

			r.Get("/loads", a.Adapt(h.ListLoads))
			r.Post("/loads", a.Adapt(h.CreateLoad))
			r.Get("/loads/{loadID}", a.Adapt(h.GetLoad))
			r.Post("/loads/{loadID}/cancel", a.Adapt(h.CancelLoad))
			r.Post("/loads/{loadID}/delivery", a.Adapt(h.ConfirmDelivery))
			r.Post("/loads/{loadID}/accessorials", a.Adapt(h.AddAccessorial))

			r.Get("/loads/{loadID}/bids", a.Adapt(h.ListBids))
			r.Post("/loads/{loadID}/bids", a.Adapt(h.PlaceBid))
			r.Post("/loads/{loadID}/award", a.Adapt(h.AwardLoad))

			r.Post("/tenders/{tenderID}/accept", a.Adapt(h.AcceptTender))
			r.Post("/tenders/{tenderID}/decline", a.Adapt(h.DeclineTender))

			r.Post("/payouts", a.Adapt(h.RequestQuickPay))
			r.Post("/payouts/{payoutID}/retry", a.Adapt(h.RetryPayout))

			r.Get("/carriers/{carrierID}/lanes", a.Adapt(h.ListLanes))
			r.Put("/carriers/{carrierID}/lanes", a.Adapt(h.SaveLane))
		})

		r.Route("/webhooks", func(r chi.Router) {
			r.Post("/inkpass", a.Adapt(h.InkPassWebhook))
			r.Post("/paystream", a.Adapt(h.PaystreamWebhook))
			r.Post("/eld/{vendor}", a.Adapt(h.ELDWebhook))
		})
	})
	return r
}
