package app

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/adapters/bank"
	"github.com/pawpath/vetclinic/internal/adapters/messaging"
	"github.com/pawpath/vetclinic/internal/adapters/pharmacy"
	"github.com/pawpath/vetclinic/internal/adapters/reflab"
	"github.com/pawpath/vetclinic/internal/adapters/stripepay"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/platform/config"
)

// Providers binds the external provider clients to their ports.
var Providers = fx.Module("providers",
	fx.Provide(
		func(c config.Config) stripepay.Config {
			return stripepay.Config{SecretKey: c.StripeSecretKey, WebhookSecret: c.StripeWebhookSecret}
		},
		func(c config.Config) reflab.Config {
			return reflab.Config{BaseURL: c.RefLabBaseURL, APIKey: c.RefLabAPIKey}
		},
		func(c config.Config) pharmacy.Config {
			return pharmacy.Config{BaseURL: c.PharmacyBaseURL, APIKey: c.PharmacyAPIKey}
		},
		func(c config.Config) messaging.SMSConfig {
			return messaging.SMSConfig{BaseURL: c.SMSBaseURL, APIKey: c.SMSAPIKey, SenderID: c.SMSSenderID}
		},
		func(c config.Config) messaging.EmailConfig {
			return messaging.EmailConfig{BaseURL: c.EmailBaseURL, APIKey: c.EmailAPIKey, From: c.EmailFrom}
		},
		func(c config.Config) bank.Config {
			return bank.Config{BaseURL: c.BankBaseURL, APIKey: c.BankAPIKey, Originator: c.BankOriginator}
		},

		fx.Annotate(stripepay.NewGateway, fx.As(new(ports.PaymentGateway))),
		stripepay.NewVerifier,
		fx.Annotate(reflab.New, fx.As(new(ports.LabGateway))),
		fx.Annotate(pharmacy.New, fx.As(new(ports.PharmacyGateway))),
		fx.Annotate(messaging.NewTextWave, fx.As(new(ports.SMSSender))),
		fx.Annotate(messaging.NewMailRelay, fx.As(new(ports.Mailer))),
		fx.Annotate(bank.New, fx.As(new(ports.BankGateway))),
	),
)

// SMSDecorators wraps the SMS port for the whole application. It is applied
// at the root so services in every module see the decorated sender.
var SMSDecorators = fx.Decorate(decorateSMS)

// decorateSMS wraps the raw SMS client with the standard middleware.
func decorateSMS(base ports.SMSSender, log *slog.Logger) ports.SMSSender {
	return messaging.Chain(base,
		messaging.Logged(log),
		messaging.Tracked(),
		messaging.NormalizeNumber("US"),
	)
}
