package httpapi

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Routes gathers the handler structs main wires up.
type Routes struct {
	Orders         *OrderHandler
	Catalog        *CatalogHandler
	Refunds        *RefundHandler
	Holds          *HoldHandler
	Ledger         *LedgerHandler
	StripeHooks    http.Handler
	ConnectHooks   http.Handler
	WarehouseHooks http.Handler
	// Idempotent wraps admin routes whose effects are not keyed by the
	// request itself.
	Idempotent func(scope string) func(http.Handler) http.Handler
	AdminToken string
	Ready      func(r *http.Request) error
}

func NewRouter(rt Routes) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	r.Get("/readyz", func(w http.ResponseWriter, req *http.Request) {
		if rt.Ready != nil {
			if err := rt.Ready(req); err != nil {
				http.Error(w, err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		w.WriteHeader(http.StatusOK)
	})

	r.Route("/v1/orders", func(r chi.Router) {
		r.Post("/", rt.Orders.Create)
		r.Route("/{orderID}", func(r chi.Router) {
			r.Post("/confirm", rt.Orders.Confirm)
			r.Put("/shipping-address", rt.Orders.UpdateAddress)
			r.Post("/cancel", rt.Orders.Cancel)
			r.Post("/items/{itemID}/remove", rt.Orders.RemoveItem)
		})
	})

	r.Route("/v1/admin", func(r chi.Router) {
		r.Use(requireAdmin(rt.AdminToken))
		r.Post("/artists", rt.Catalog.CreateArtist)
		r.Post("/tours/{tourID}/products", rt.Catalog.CreateProduct)
		r.Post("/products/{sku}/sold-out", rt.Refunds.SoldOut)
		r.Post("/orders/{orderID}/items/{itemID}/refund", rt.Refunds.RefundItem)
		r.Post("/orders/{orderID}/holds", rt.Holds.Place)
		r.Post("/artists/{artistID}/payouts", rt.Ledger.Payout)
		r.With(rt.Idempotent("ledger-adjustments")).Post("/artists/{artistID}/adjustments", rt.Ledger.Adjust)
	})

	r.Route("/v1/webhooks", func(r chi.Router) {
		r.Method(http.MethodPost, "/stripe", rt.StripeHooks)
		r.Method(http.MethodPost, "/stripe-connect", rt.ConnectHooks)
		r.Method(http.MethodPost, "/warehouse", rt.WarehouseHooks)
	})
	return r
}

func requireAdmin(token string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// actor is the staff member behind an admin request, as set by the
// internal admin console.
func actor(r *http.Request) string {
	if a := r.Header.Get("X-Admin-User"); a != "" {
		return a
	}
	return "unknown"
}
