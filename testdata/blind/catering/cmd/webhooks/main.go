// Command webhooks receives callbacks from Stripe, the wholesale partner and
// the SMS provider.
package main

import (
	"net/http"
	"os"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/http/webhooks"
	stripeadapter "github.com/forkandfeast/catering/internal/adapters/stripe"
	"github.com/forkandfeast/catering/internal/app"
	"github.com/forkandfeast/catering/internal/config"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

func main() {
	fx.New(
		fx.Supply(app.ServiceName("catering-webhooks")),
		app.Base,
		app.Postgres,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(
			func(cfg config.Config) *stripeadapter.Verifier {
				return stripeadapter.NewVerifier(cfg.StripeWebhookSecret)
			},
			webhooks.NewStripe,
			func(cfg config.Config, p ports.PurchasingService, m *metrics.Metrics, log *zap.Logger) *webhooks.Wholesale {
				return webhooks.NewWholesale(cfg.Wholesale.WebhookSecret, p, m, log)
			},
			func(cfg config.Config, ms ports.MessagingService, m *metrics.Metrics, log *zap.Logger) *webhooks.SMS {
				return webhooks.NewSMS(cfg.SMS.WebhookSecret, os.Getenv("PUBLIC_WEBHOOK_BASE_URL"), ms, m, log)
			},
			webhooks.NewRouter,
		),
		fx.Invoke(func(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *zap.Logger) {
			app.RunHTTPServer(lc, &http.Server{
				Addr:              cfg.WebhookAddr,
				Handler:           h,
				ReadHeaderTimeout: 5 * time.Second,
			}, log.Named("http"))
		}),
	).Run()
}
