// Package httpapi is the HTTP surface: the driver app API, the enforcement
// handheld API, the back office and the provider webhooks.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/wire"

	"github.com/cityparking/parking/internal/config"
)

var ProviderSet = wire.NewSet(
	NewDriverHandlers,
	NewEnforcementHandlers,
	NewAdminHandlers,
	NewStripeWebhook,
	NewSMSWebhooks,
	NewRouter,
)

// NewRouter assembles every route.
func NewRouter(cfg *config.Config, log *slog.Logger, driver *DriverHandlers, enf *EnforcementHandlers,
	admin *AdminHandlers, stripeHook *StripeWebhook, smsHooks *SMSWebhooks) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP)
	r.Use(RequestLogger(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(AccountAuth)
			driver.Routes(r)
		})
		r.Route("/enforcement", func(r chi.Router) {
			r.Use(DeviceAuth)
			enf.Routes(r)
		})
	})

	r.Route("/admin", func(r chi.Router) {
		r.Use(OperatorAuth)
		admin.Routes(r)
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Method(http.MethodPost, "/stripe", stripeHook)
		r.Group(func(r chi.Router) {
			r.Use(SharedSecret("X-Gateway-Key", cfg.SMSInboundKey))
			r.Post("/sms/delivery", smsHooks.DeliveryReceipt)
			r.Post("/sms/inbound", smsHooks.Inbound)
		})
	})
	return r
}
