// Package providers wires the external provider clients into fx.
package providers

import (
	"go.uber.org/fx"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/config"
	"github.com/quillsign/esign/internal/providers/email"
	"github.com/quillsign/esign/internal/providers/sms"
	"github.com/quillsign/esign/internal/providers/stripepay"
	"github.com/quillsign/esign/internal/providers/webhook"
)

// Module provides the app provider interfaces.
var Module = fx.Module("providers",
	fx.Provide(
		func(cfg config.Config) app.SMSSender {
			return sms.New(sms.Config{
				BaseURL:     cfg.SMSBaseURL,
				AccountSID:  cfg.SMSAccountSID,
				AuthToken:   cfg.SMSAuthToken,
				From:        cfg.SMSFromNumber,
				CallbackURL: cfg.APIBaseURL + "/webhooks/sms/status?token=" + cfg.SMSCallbackToken,
			}, nil)
		},
		func(cfg config.Config) app.Mailer {
			return email.New(email.Config{
				BaseURL: cfg.MailBaseURL,
				APIKey:  cfg.MailAPIKey,
				From:    cfg.MailFrom,
			})
		},
		func(cfg config.Config) app.CardCharger {
			return stripepay.New(cfg.StripeSecretKey)
		},
		func(cfg config.Config) app.WebhookPoster {
			return webhook.New(nil, cfg.WebhookAgent)
		},
	),
)
