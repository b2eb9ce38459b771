package app

import (
	"log/slog"
	"net/http"

	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/internal/config"
	"github.com/pantryco/fulfilment/internal/provider/cardpay"
	"github.com/pantryco/fulfilment/internal/provider/courier"
	"github.com/pantryco/fulfilment/internal/provider/retailerhook"
	"github.com/pantryco/fulfilment/internal/provider/sms"
	"github.com/pantryco/fulfilment/internal/service/billing"
	"github.com/pantryco/fulfilment/internal/service/dispatch"
	"github.com/pantryco/fulfilment/internal/service/notify"
	"github.com/pantryco/fulfilment/internal/service/partners"
	"github.com/pantryco/fulfilment/internal/service/payments"
)

func newCardClient(cfg config.Config, log *slog.Logger) *cardpay.Client {
	return cardpay.New(cfg.StripeSecretKey,
		cardpay.WithCurrency("gbp"),
		cardpay.WithStatementDescriptor("PANTRY"),
		cardpay.WithLogger(log.With("provider", "stripe")),
	)
}

func newSMSClient(cfg config.Config) *sms.Client {
	return sms.New(cfg.SMSBaseURL, sms.WithAPIKey(cfg.SMSAPIKey), sms.WithSender(cfg.SMSSender))
}

func newCourierClient(cfg config.Config) *courier.Client {
	return courier.New(cfg.CourierBaseURL, courier.WithAPIKey(cfg.CourierAPIKey))
}

func newWebhookClient(cfg config.Config) *retailerhook.Client {
	return retailerhook.New(
		retailerhook.WithSigningSecret(cfg.RetailerWebhookSecret),
		retailerhook.WithHTTPClient(&http.Client{Timeout: cfg.RetailerHTTPTimeout}),
	)
}

// Providers builds the external provider clients.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(newCardClient,
			fx.As(new(payments.Processor)),
			fx.As(new(billing.Charger)),
		),
		fx.Annotate(newSMSClient, fx.As(new(notify.Sender))),
		fx.Annotate(newCourierClient, fx.As(new(dispatch.Courier))),
		fx.Annotate(newWebhookClient, fx.As(new(partners.Webhooks))),
	),
)
