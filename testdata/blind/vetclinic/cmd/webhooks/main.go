// Command webhooks receives provider callbacks: Stripe events, reference
// lab results, pharmacy fulfilment updates and SMS delivery receipts.
package main

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/adapters/stripepay"
	"github.com/pawpath/vetclinic/internal/adapters/webhooks"
	"github.com/pawpath/vetclinic/internal/app"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/core/services"
	"github.com/pawpath/vetclinic/internal/platform/config"
)

func newReceivers(
	cfg config.Config,
	log *slog.Logger,
	verifier *stripepay.Verifier,
	tx ports.TxRunner,
	inbox ports.EventInbox,
	billing *services.BillingService,
	labs *services.LabService,
	refills *services.RefillService,
	reminders *services.ReminderService,
) webhooks.Receivers {
	return webhooks.Receivers{
		Stripe:   webhooks.NewStripeReceiver(verifier, tx, inbox, billing, log),
		RefLab:   webhooks.NewRefLabReceiver(cfg.RefLabWebhookSecret, labs, log),
		Pharmacy: webhooks.NewPharmacyReceiver(cfg.PharmacyWebhookSecret, refills, log),
		SMS:      webhooks.NewSMSStatusReceiver(cfg.SMSWebhookSecret, reminders, log),
	}
}

func main() {
	fx.New(
		app.Core,
		app.InsertOnlyQueue,
		fx.Provide(newReceivers),
		fx.Invoke(func(lc fx.Lifecycle, sh fx.Shutdowner, log *slog.Logger, cfg config.Config, rc webhooks.Receivers) {
			app.ServeHTTP(lc, sh, log, cfg.WebhookAddr, webhooks.NewRouter(rc))
		}),
	).Run()
}
