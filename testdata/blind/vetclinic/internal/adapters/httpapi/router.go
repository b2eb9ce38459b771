package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/pawpath/vetclinic/internal/core/ports"
)

type route struct {
	method  string
	pattern string
	handler http.HandlerFunc
	staff   bool
	wrap    []func(http.Handler) http.Handler
}

func (h *Handlers) routes(store ports.IdempotencyStore) []route {
	return []route{
		{method: http.MethodPost, pattern: "/owners", handler: h.registerOwner},
		{method: http.MethodPut, pattern: "/owners/{ownerID}/pets/{petID}", handler: h.putPet},

		{method: http.MethodPost, pattern: "/appointments", handler: h.bookAppointment},
		{method: http.MethodPost, pattern: "/appointments/{id}/deposit", handler: h.takeDeposit},
		{method: http.MethodPost, pattern: "/appointments/{id}/cancel", handler: h.cancelAppointment},
		{method: http.MethodPost, pattern: "/appointments/{id}/reschedule", handler: h.rescheduleAppointment},
		{method: http.MethodPost, pattern: "/appointments/{id}/checkout", handler: h.checkout, staff: true},

		{method: http.MethodPost, pattern: "/invoices/{id}/payments", handler: h.payInvoice},
		{method: http.MethodPost, pattern: "/invoices/{id}/adjustments", handler: h.addAdjustment, staff: true,
			wrap: []func(http.Handler) http.Handler{Replay(store, "invoices.adjust", h.Log)}},

		{method: http.MethodPost, pattern: "/lab-orders", handler: h.createLabOrder, staff: true},
		{method: http.MethodPost, pattern: "/lab-orders/{id}/addons", handler: h.addLabTests, staff: true},

		{method: http.MethodPost, pattern: "/prescriptions/{id}/refills", handler: h.requestRefill},
		{method: http.MethodPost, pattern: "/wallets/{ownerID}/redemptions", handler: h.redeemPoints},
	}
}

// NewRouter builds the API's chi router.
func NewRouter(h *Handlers, store ports.IdempotencyStore, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(v1 chi.Router) {
		for _, rt := range h.routes(store) {
			var handler http.Handler = rt.handler
			for i := len(rt.wrap) - 1; i >= 0; i-- {
				handler = rt.wrap[i](handler)
			}
			if rt.staff {
				handler = StaffOnly(handler)
			}
			v1.Method(rt.method, rt.pattern, handler)
		}
	})
	return r
}
