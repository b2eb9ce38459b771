// Package api is the public and back-office HTTP API.
package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/http/httpx"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

// Params are the dependencies of the API handlers.
type Params struct {
	fx.In

	Log        *zap.Logger
	Metrics    *metrics.Metrics
	Enquiries  ports.EnquiryService
	Quotes     ports.QuoteService
	Tastings   ports.TastingService
	Payments   ports.PaymentService
	Events     ports.EventService
	Staffing   ports.StaffingService
	Purchasing ports.PurchasingService
	Dietary    ports.DietaryService
	Messaging  ports.MessagingService
}

type handlers struct {
	Params
	log *zap.Logger
}

// NewRouter builds the chi router for the API server.
func NewRouter(p Params) http.Handler {
	h := &handlers{Params: p, log: p.Log.Named("api")}

	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(httpx.RequestLogger(h.log))
	r.Use(httpx.CountRequests(p.Metrics))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/enquiries", h.submitEnquiry)
		r.Get("/enquiries/{enquiryID}", h.getEnquiry)
		r.Post("/enquiries/{enquiryID}/quotes", h.createQuote)
		r.Post("/quotes/{quoteID}/accept", h.acceptQuote)

		r.Post("/tastings", h.bookTasting)
		r.Post("/tastings/{tastingID}/fee", h.chargeTastingFee)
		r.Post("/tastings/{tastingID}/complete", h.completeTasting)

		r.Route("/events/{eventID}", func(r chi.Router) {
			r.Post("/deposit", h.chargeDeposit)
			r.Post("/balance", h.chargeBalance)
			r.Put("/menu", h.setMenu)
			r.Post("/headcount-changes", h.changeHeadcount)
			r.Post("/cancel", h.cancelEvent)
			r.Post("/dietary-forms", h.submitDietaryForm)
			r.Get("/dietary-summary", h.dietarySummary)
			r.Post("/guest-messages", h.scheduleAnnouncement)
			r.Post("/purchase-orders", h.createPurchaseOrder)
		})

		r.Post("/shifts/{shiftID}/assignments", h.assignShift)
		r.Post("/shifts/{shiftID}/claim", h.claimShift)
	})
	return r
}
