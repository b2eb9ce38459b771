// Package provider wires the external provider clients to the interfaces
// the services depend on.
package provider

import (
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/provider/ledger"
	"github.com/northsound/ferrydesk/internal/provider/mailer"
	"github.com/northsound/ferrydesk/internal/provider/portauthority"
	"github.com/northsound/ferrydesk/internal/provider/sms"
	"github.com/northsound/ferrydesk/internal/provider/stripepay"
)

// Module provides every provider client. fx only builds the ones a binary
// actually uses.
var Module = fx.Module("providers",
	fx.Provide(
		func(c config.Config) app.PaymentGateway {
			return stripepay.New(c.StripeSecretKey)
		},
		func(c config.Config) app.ManifestAuthority {
			return portauthority.New(c.PortAuthorityURL, c.PortAuthorityKey, c.PortAuthorityCarrier)
		},
		func(c config.Config) app.SMSSender {
			return sms.New(c.SMSBaseURL, c.SMSAPIKey, c.SMSSender)
		},
		func(c config.Config) app.Mailer {
			return mailer.New(c.MailerBaseURL, c.MailerAPIKey, c.MailerFrom)
		},
		func(c config.Config) app.JournalPoster {
			return ledger.New(c.LedgerBaseURL, c.LedgerToken, c.LedgerEntity)
		},
	),
)
