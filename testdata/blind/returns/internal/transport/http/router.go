// Package http wires the chi router.
package http

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/northwind-retail/rma/internal/platform/httpx"
	"github.com/northwind-retail/rma/internal/transport/http/handlers"
	"github.com/northwind-retail/rma/internal/transport/http/inbound"
)

func NewRouter(h *handlers.Handlers, hooks *inbound.Webhooks, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(httpx.RequestID)
	r.Use(middleware.RealIP)
	r.Use(httpx.AccessLog(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/returns", h.OpenReturn)
		r.Route("/returns/{returnID}", func(r chi.Router) {
			r.Get("/", h.GetReturn)
			r.Post("/items", h.AddItem)
			r.Post("/cancel", h.CancelReturn)
			r.Post("/approve", h.ApproveReturn)
			r.Put("/refund-method", h.SetRefundMethod)
			r.Post("/exchanges", h.RequestExchange)
			r.Post("/label", h.BookLabel)
			r.Post("/refunds", h.CreateRefund)
		})
		r.Post("/customers/{customerID}/goodwill-credits", h.GrantGoodwillCredit)
		r.Route("/merchants/{merchantID}", func(r chi.Router) {
			r.Get("/returns", h.ListMerchantReturns)
			r.Post("/webhook-endpoints", h.RegisterWebhookEndpoint)
		})
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", hooks.Stripe)
		r.Post("/shipbridge", hooks.Carrier)
	})
	return r
}
