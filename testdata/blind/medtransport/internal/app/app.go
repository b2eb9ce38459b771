// Package app holds the dig providers shared by the binaries under cmd/.
// dig builds only what a binary's Invoke needs, so every binary registers
// the same full set.
package app

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/carelift-health/nemt/internal/billing"
	"github.com/carelift-health/nemt/internal/consumers"
	"github.com/carelift-health/nemt/internal/httpapi"
	"github.com/carelift-health/nemt/internal/outbox"
	"github.com/carelift-health/nemt/internal/platform/config"
	"github.com/carelift-health/nemt/internal/platform/database"
	"github.com/carelift-health/nemt/internal/platform/natsx"
	"github.com/carelift-health/nemt/internal/provider/cliniclink"
	"github.com/carelift-health/nemt/internal/provider/insurer"
	"github.com/carelift-health/nemt/internal/provider/payrail"
	"github.com/carelift-health/nemt/internal/provider/stripepay"
	"github.com/carelift-health/nemt/internal/repo"
	"github.com/carelift-health/nemt/internal/service/copay"
	"github.com/carelift-health/nemt/internal/service/notify"
	"github.com/carelift-health/nemt/internal/service/preauth"
	"github.com/carelift-health/nemt/internal/service/quota"
	"github.com/carelift-health/nemt/internal/service/reimburse"
	"github.com/carelift-health/nemt/internal/service/remittance"
	"github.com/carelift-health/nemt/internal/service/rides"
	"github.com/carelift-health/nemt/internal/service/shifts"
	"github.com/carelift-health/nemt/internal/service/trips"
	"github.com/carelift-health/nemt/internal/webhooks"
)

type provider struct {
	ctor any
	opts []dig.ProvideOption
}

func p(ctor any, opts ...dig.ProvideOption) provider { return provider{ctor: ctor, opts: opts} }

// NewContainer returns a container with every provider registered.
func NewContainer() (*dig.Container, error) {
	c := dig.New()
	for _, pr := range providers() {
		if err := c.Provide(pr.ctor, pr.opts...); err != nil {
			return nil, fmt.Errorf("provide %T: %w", pr.ctor, err)
		}
	}
	return c, nil
}

func providers() []provider {
	return []provider{
		// platform
		p(config.Load),
		p(newLogger),
		p(database.Open),
		p(database.NewTxManager),
		p(func(m *database.TxManager) database.Transactor { return m }),
		p(func(m *database.TxManager) natsx.TxRunner { return m }),
		p(newJetStream),
		p(natsx.NewPublisher),
		p(newTemporal),
		p(func(cfg *config.Config) string { return cfg.BillingTaskQueue }, dig.Name("billingTaskQueue")),

		// repositories
		p(repo.NewRideRepo),
		p(repo.NewTripRepo),
		p(repo.NewClinicRepo),
		p(repo.NewPatientRepo),
		p(repo.NewDriverRepo),
		p(repo.NewShiftRepo),
		p(repo.NewMileageRepo),
		p(repo.NewPreAuthRepo),
		p(repo.NewCopayRepo),
		p(repo.NewClaimRepo),
		p(repo.NewLedgerRepo),
		p(repo.NewPayoutRepo),
		p(repo.NewOutboxRepo),
		p(repo.NewNotificationRepo),
		p(repo.NewProcessedRepo, dig.As(new(natsx.ProcessedStore))),
		p(repo.NewInboxRepo),
		p(repo.NewStripeEventRepo, dig.As(new(webhooks.EventLog))),
		p(repo.NewCallLogRepo),

		// partner clients
		p(newInsurerClient),
		p(func(cfg *config.Config) *stripepay.Client { return stripepay.New(cfg.StripeSecretKey) }),
		p(func(cfg *config.Config) *payrail.Client { return payrail.New(cfg.PayRailBaseURL, cfg.PayRailToken) }),
		p(func(cfg *config.Config) *cliniclink.Client {
			return cliniclink.New(cfg.ClinicLinkBaseURL, cfg.ClinicLinkToken)
		}),

		// services
		p(newRideService, dig.As(new(httpapi.RideService))),
		p(newTripService, dig.As(new(httpapi.TripService), new(consumers.TripService))),
		p(newShiftService, dig.As(new(httpapi.ShiftService))),
		p(newCopayService, dig.As(new(httpapi.CopayService))),
		p(newPreAuthService, dig.As(new(httpapi.PreAuthService), new(consumers.PreAuthService))),
		p(newRemittanceService, dig.As(new(httpapi.RemittanceService))),
		p(newNotifyService, dig.As(new(consumers.NotifyService))),
		p(newQuotaService, dig.As(new(consumers.QuotaService))),
		p(newReimburseRunner),
		p(newBillingStarter, dig.As(new(httpapi.Rebiller))),
		p(newBillingActivities),
		p(newOutboxRelay),
		p(newWebhookSecrets),

		// entry points
		p(httpapi.NewServer),
		p(consumers.Routes),
	}
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newJetStream(cfg *config.Config) (jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.NATSURL, nats.Name("nemt"), nats.MaxReconnects(-1), nats.ReconnectWait(2*time.Second))
	if err != nil {
		return nil, fmt.Errorf("nats connect: %w", err)
	}
	return jetstream.New(nc)
}

func newTemporal(cfg *config.Config, log *slog.Logger) (client.Client, error) {
	return client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log,
	})
}

func newInsurerClient(cfg *config.Config, calls *repo.CallLogRepo, log *slog.Logger) *insurer.Client {
	return insurer.New(insurer.Options{
		BaseURL:  cfg.InsurerBaseURL,
		APIKey:   cfg.InsurerAPIKey,
		Timeout:  20 * time.Second,
		RetryMax: 3,
		Recorder: calls,
		Logger:   log,
	})
}

func newRideService(tx database.Transactor, r *repo.RideRepo, t *repo.TripRepo, pr *repo.PatientRepo, o *repo.OutboxRepo) *rides.Service {
	return rides.NewService(tx, r, t, pr, o)
}

func newTripService(tx database.Transactor, t *repo.TripRepo, r *repo.RideRepo, d *repo.DriverRepo, c *repo.ClinicRepo, o *repo.OutboxRepo) *trips.Service {
	return trips.NewService(tx, t, r, d, c, o, trips.FlatFare)
}

func newShiftService(cfg *config.Config, tx database.Transactor, s *repo.ShiftRepo, m *repo.MileageRepo, d *repo.DriverRepo) *shifts.Service {
	return shifts.NewService(tx, s, m, d, shifts.Options{MileageRateCents: cfg.MileageRateCents})
}

func newCopayService(tx database.Transactor, cp *repo.CopayRepo, t *repo.TripRepo, r *repo.RideRepo, pr *repo.PatientRepo, sc *stripepay.Client) *copay.Service {
	return copay.NewService(tx, cp, t, r, pr, sc)
}

func newPreAuthService(cfg *config.Config, tx database.Transactor, r *repo.RideRepo, pr *repo.PatientRepo, pa *repo.PreAuthRepo, o *repo.OutboxRepo, ic *insurer.Client) *preauth.Service {
	return preauth.NewService(tx, r, pr, pa, o, ic, preauth.Config{
		CallbackURL:   os.Getenv("PUBLIC_BASE_URL") + "/webhooks/insurer",
		RequestingNPI: os.Getenv("PROVIDER_NPI"),
	})
}

func newRemittanceService(tx database.Transactor, in *repo.InboxRepo, cl *repo.ClaimRepo, t *repo.TripRepo, l *repo.LedgerRepo) *remittance.Service {
	return remittance.NewService(tx, in, cl, t, l)
}

func newNotifyService(c *repo.ClinicRepo, n *repo.NotificationRepo, link *cliniclink.Client) *notify.Service {
	return notify.NewService(c, n, link)
}

func newQuotaService(c *repo.ClinicRepo) *quota.Service {
	return quota.NewService(c)
}

func newReimburseRunner(tx database.Transactor, po *repo.PayoutRepo, m *repo.MileageRepo, rail *payrail.Client, log *slog.Logger) *reimburse.Runner {
	return reimburse.NewRunner(tx, po, m, rail, log)
}

func newBillingStarter(cfg *config.Config, tc client.Client) *billing.Starter {
	return &billing.Starter{Client: tc, TaskQueue: cfg.BillingTaskQueue}
}

func newBillingActivities(t *repo.TripRepo, r *repo.RideRepo, pr *repo.PatientRepo, cl *repo.ClaimRepo, l *repo.LedgerRepo, ic *insurer.Client, sc *stripepay.Client, pub *natsx.Publisher) *billing.Activities {
	return &billing.Activities{Trips: t, Rides: r, Patients: pr, Claims: cl, Ledger: l, Insurer: ic, Cards: sc, Events: pub}
}

func newOutboxRelay(tx *database.TxManager, o *repo.OutboxRepo, pub *natsx.Publisher, log *slog.Logger) *outbox.Relay {
	return outbox.NewRelay(tx, o, pub, log)
}

func newWebhookSecrets(cfg *config.Config) httpapi.WebhookSecrets {
	return httpapi.WebhookSecrets{Stripe: cfg.StripeWebhookSecret, Insurer: cfg.InsurerSecret}
}
