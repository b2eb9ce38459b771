package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"
)

// Handlers is everything the router mounts.
type Handlers struct {
	Booking     BookingHandlers
	Partner     PartnerHandlers
	Ops         OpsHandlers
	Driver      DriverHandlers
	Webhook     WebhookHandlers
	Idempotency IdempotencyStore
	Log         *slog.Logger
}

type route struct {
	method  string
	path    string
	handler http.HandlerFunc
}

// NewRouter builds the mux.
func NewRouter(h Handlers) http.Handler {
	r := mux.NewRouter()
	r.Use(recoverPanics(h.Log), accessLog(h.Log))
	r.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	}).Methods(http.MethodGet)

	v1 := r.PathPrefix("/v1").Subrouter()
	mount(v1, []route{
		{http.MethodPost, "/holds", h.Booking.CreateHold},
		{http.MethodPost, "/holds/{holdID}/purchase", h.Booking.Purchase},
		{http.MethodPost, "/tickets/{ticketID}/refund", h.Booking.RequestRefund},
		{http.MethodPost, "/tickets/{ticketID}/change", h.Booking.ChangeTicket},
		{http.MethodPost, "/trips/{tripID}/cancel", h.Ops.CancelTrip},
		{http.MethodPost, "/boarding/scans", h.Driver.UploadScans},
		{http.MethodPost, "/shifts/{shiftID}/close", h.Driver.CloseShift},
		{http.MethodPost, "/webhooks/stripe", h.Webhook.Stripe},
	})

	// Driver handhelds resend on flaky mobile data; expenses are the one
	// driver call that is not naturally keyed, so it goes through the
	// response cache.
	expenses := v1.PathPrefix("/shifts/{shiftID}/expenses").Subrouter()
	expenses.Use(Idempotent(h.Idempotency, "shift-expense", h.Log))
	expenses.HandleFunc("", h.Driver.AddExpense).Methods(http.MethodPost)

	partner := v1.PathPrefix("/partner").Subrouter()
	partner.Use(partnerAuth(h.Partner.Partners))
	mount(partner, []route{
		{http.MethodPost, "/bookings", h.Partner.CreateBooking},
	})
	return r
}

func mount(r *mux.Router, routes []route) {
	for _, rt := range routes {
		r.HandleFunc(rt.path, rt.handler).Methods(rt.method)
	}
}
