// Package httpapi exposes the blood service's HTTP API.
package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jmoiron/sqlx"
	"go.uber.org/dig"

	"github.com/hemolink-systems/bloodbank/internal/config"
	"github.com/hemolink-systems/bloodbank/internal/deliveries"
	"github.com/hemolink-systems/bloodbank/internal/donations"
	"github.com/hemolink-systems/bloodbank/internal/donors"
	"github.com/hemolink-systems/bloodbank/internal/orders"
	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
	"github.com/hemolink-systems/bloodbank/internal/transfers"
)

// Deps is filled in by the container.
type Deps struct {
	dig.In

	Config     config.Config
	DB         *sqlx.DB
	Donors     donors.Service
	Donations  donations.Service
	Orders     orders.Service
	OrdersRepo orders.Repository
	Deliveries deliveries.Service
	Transfers  *transfers.Service
	Responses  httpx.ResponseStore
}

// NewRouter builds the chi router.
func NewRouter(d Deps) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Route("/donors/{donorID}/appointments", func(r chi.Router) {
			r.Post("/", bookAppointment(d.Donors))
			r.Delete("/{appointmentID}", cancelAppointment(d.Donors))
		})

		r.Post("/donations", recordDonation(d.Donations))

		r.Route("/hospital", func(r chi.Router) {
			r.Use(requireHospital(d.OrdersRepo))
			r.With(httpx.Idempotent(d.Responses, hospitalScope)).Post("/orders", createOrder(d.Orders))
			r.Get("/orders/{orderID}", getOrder(d.Orders))
			r.Post("/orders/{orderID}/cancel", cancelOrder(d.Orders))
			r.Post("/deliveries/{deliveryID}/receipt", confirmReceipt(d.Deliveries))
		})

		r.Route("/ops", func(r chi.Router) {
			r.Post("/orders/{orderID}/dispatch", dispatchOrder(d.Deliveries))
		})

		r.Route("/partners", func(r chi.Router) {
			r.Post("/transfer-requests", acceptTransferRequest(d.Transfers))
			r.Post("/transfers/{transferID}/arrival", reportTransferArrival(d.Transfers))
		})
	})

	r.Post("/webhooks/vouchers", voucherWebhook(d.DB, d.Config.VoucherHookKey))
	return r
}
