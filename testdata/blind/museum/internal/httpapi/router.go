// Package httpapi exposes the public and staff HTTP API.
package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
	"github.com/northgate-museums/visitor-platform/internal/webhooks"
)

type Handlers struct {
	Tickets     *TicketHandlers
	Memberships *MembershipHandlers
	Donations   *DonationHandlers
	Groups      *GroupHandlers
	Shop        *ShopHandlers
	Refunds     *RefundHandlers
	Paygate     *webhooks.PaymentsWebhook
	Parcelway   *webhooks.FulfilmentWebhook
}

func NewRouter(h Handlers, logger *zap.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(requestLogger(logger))
	r.Use(middleware.Recoverer)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Use(middleware.Timeout(30 * time.Second))

		r.Post("/ticket-orders", h.Tickets.Place)
		r.Post("/ticket-orders/{orderID}/reschedule", h.Tickets.Reschedule)

		r.Post("/memberships", h.Memberships.Purchase)
		r.Put("/memberships/{membershipID}/auto-renew", h.Memberships.SetAutoRenew)

		r.Post("/donations", h.Donations.Donate)
		r.Post("/donations/{donationID}/receipt/resend", h.Donations.ResendReceipt)

		r.Post("/group-bookings", h.Groups.Request)
		r.With(staffOnly).Post("/group-bookings/{bookingID}/confirm", h.Groups.Confirm)

		r.Post("/shop/orders", h.Shop.Checkout)

		r.With(staffOnly).Post("/refunds", h.Refunds.Request)
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/paygate", h.Paygate.ServeHTTP)
		r.Post("/parcelway/shipments", h.Parcelway.Shipments)
		r.Post("/parcelway/inventory", h.Parcelway.Inventory)
	})
	return r
}

func requestLogger(base *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			l := base.With(zap.String("request_id", middleware.GetReqID(r.Context())))
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r.WithContext(logging.WithLogger(r.Context(), l)))
			l.Info("http request",
				zap.String("method", r.Method),
				zap.String("path", r.URL.Path),
				zap.Int("status", ww.Status()),
				zap.Duration("duration", time.Since(start)))
		})
	}
}

// staffOnly admits requests that came through the staff gateway, which
// authenticates staff and sets X-Staff-User.
func staffOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Staff-User") == "" {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}
