// Package app wires the service's components with dig. Each binary in cmd/
// builds a container from Core plus the group it needs.
package app

import (
	"database/sql"
	"log/slog"
	"os"

	"github.com/uptrace/bun"
	"go.uber.org/dig"

	"github.com/pawsandstay/kennel/internal/addons"
	"github.com/pawsandstay/kennel/internal/checkout"
	"github.com/pawsandstay/kennel/internal/loyalty"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/database"
	"github.com/pawsandstay/kennel/internal/platform/idem"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/providers/sms"
	"github.com/pawsandstay/kennel/internal/providers/vetrecords"
	"github.com/pawsandstay/kennel/internal/reservations"
)

// Callbacks are the public URLs providers call back on.
type Callbacks struct {
	SMSStatus  string
	VetRecords string
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newCallbacks(cfg *config.Config) Callbacks {
	return Callbacks{
		SMSStatus:  cfg.PublicBaseURL + "/webhooks/sms/status",
		VetRecords: cfg.PublicBaseURL + "/webhooks/vetrecords",
	}
}

func newGateway(cfg *config.Config, log *slog.Logger) payments.Gateway {
	return payments.Instrument(payments.NewStripe(cfg.StripeSecretKey), log)
}

func newSMS(cfg *config.Config) sms.Sender {
	return sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSFrom)
}

func newVetRecords(cfg *config.Config) *vetrecords.Client {
	return vetrecords.New(cfg.VetRecordsBaseURL, cfg.VetRecordsAPIKey)
}

func newEnqueuer(e *queue.RiverEnqueuer) queue.Enqueuer { return e }

func newLoyalty(db *bun.DB, dir owners.Directory, cfg *config.Config) loyalty.Service {
	return loyalty.NewService(db, dir, cfg.LoyaltyPointsPer)
}

type checkoutParams struct {
	dig.In

	DB      *bun.DB
	Stays   *reservations.Repo
	Addons  addons.Service
	Loyalty loyalty.Service
	Dir     owners.Directory
	Queue   queue.Enqueuer
	Outbox  *notify.Outbox
	Config  *config.Config
}

func newCheckout(p checkoutParams) checkout.Service {
	return checkout.NewService(checkout.Deps{
		DB: p.DB, Stays: p.Stays, Addons: p.Addons, Loyalty: p.Loyalty,
		Dir: p.Dir, Queue: p.Queue, Outbox: p.Outbox, Config: p.Config,
	})
}

// Core returns a container with configuration, storage, providers and the
// domain services shared by every binary.
func Core() (*dig.Container, error) {
	c := dig.New()
	ctors := []any{
		config.Load,
		newLogger,
		newCallbacks,
		database.OpenSQL,
		func(db *sql.DB) *bun.DB { return database.NewBun(db) },
		idem.NewResponses,
		idem.NewLedger,
		queue.NewEnqueuer,
		newEnqueuer,
		newGateway,
		newSMS,
		newVetRecords,
		owners.NewDirectory,
		owners.NewPreferencesService,
		notify.NewOutbox,
		reservations.NewRepo,
		reservations.NewService,
		addons.NewService,
		newLoyalty,
		newCheckout,
	}
	for _, fn := range ctors {
		if err := c.Provide(fn); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// InsertOnlyQueue provides a River client that can enqueue but runs no
// workers, for the API, webhook and cron processes.
func InsertOnlyQueue(c *dig.Container) error {
	return c.Provide(func(db *sql.DB, enq *queue.RiverEnqueuer, log *slog.Logger) (*queue.Client, error) {
		client, err := queue.NewClient(db, queue.Options{Logger: log})
		if err != nil {
			return nil, err
		}
		enq.Bind(client)
		return client, nil
	})
}
