package platform

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/providers/doorpartner"
	"github.com/pulsefit/memberships/internal/providers/mailer"
	"github.com/pulsefit/memberships/internal/providers/payments"
	"github.com/pulsefit/memberships/internal/providers/sms"
)

// Providers wires the external provider clients behind their interfaces.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(
			func(cfg config.Config) *payments.StripeGateway { return payments.NewStripeGateway(cfg.StripeKey) },
			fx.As(new(payments.Gateway)),
		),
		fx.Annotate(
			func(cfg config.Config) *sms.Client {
				return sms.NewClient(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
			},
			fx.As(new(sms.Sender)),
		),
		fx.Annotate(
			func(cfg config.Config) *mailer.Client {
				return mailer.NewClient(cfg.MailerBaseURL, cfg.MailerAPIKey, cfg.MailerFrom)
			},
			fx.As(new(mailer.Mailer)),
		),
		fx.Annotate(
			func(cfg config.Config, log *slog.Logger) *doorpartner.Client {
				return doorpartner.NewClient(cfg.DoorPartnerURL, cfg.DoorPartnerKey, log)
			},
			fx.As(new(doorpartner.API)),
		),
	),
)
