// Command api serves the defendant portal, the back-office app, the
// indemnitor app and the inbound webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/keystonebail/bondline/internal/app"
	"github.com/keystonebail/bondline/internal/applications"
	"github.com/keystonebail/bondline/internal/checkins"
	"github.com/keystonebail/bondline/internal/collateral"
	"github.com/keystonebail/bondline/internal/config"
	"github.com/keystonebail/bondline/internal/courts"
	httpapi "github.com/keystonebail/bondline/internal/http"
	"github.com/keystonebail/bondline/internal/notify"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/platform/outbox"
	"github.com/keystonebail/bondline/internal/premiums"
	"github.com/keystonebail/bondline/internal/providers/mailer"
	"github.com/keystonebail/bondline/internal/providers/sms"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
	"github.com/keystonebail/bondline/internal/providers/suretyapi"
	"github.com/keystonebail/bondline/internal/store/postgres"
	"github.com/keystonebail/bondline/internal/surety"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	if err := run(); err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	if cfg.RunMigrations {
		if err := database.Migrate(ctx, db); err != nil {
			return err
		}
	}

	c := &app.Container{Config: cfg, DB: db}
	c.OnClose(db.Close)
	defer c.Close()

	c.Queue = asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPass})
	c.OnClose(c.Queue.Close)

	// Providers.
	stripeClient := stripepay.New(cfg.StripeSecretKey, stripepay.WithStatementDescriptorSuffix("KEYSTONE BAIL"))
	textRelay := sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, sms.WithSender(cfg.SMSFrom))
	postbox := mailer.New(cfg.MailBaseURL, cfg.MailAPIKey, mailer.WithFrom(cfg.MailFrom))
	granite := suretyapi.New(cfg.SuretyBaseURL, cfg.SuretyAPIKey, cfg.SuretyAgencyCode)

	// Repositories.
	var (
		ledgerRepo = postgres.Ledger{}
		eventsRepo = postgres.ProcessedEvents{}
	)

	c.Applications = applications.NewService(db,
		postgres.Applications{}, postgres.Bonds{}, postgres.Invoices{},
		applications.StandardRate(map[string]bool{"48201": true, "48113": true}),
	)
	c.Premiums = premiums.NewService(premiums.Deps{
		DB:       db,
		Payments: postgres.Payments{},
		Plans:    postgres.Plans{},
		Ledger:   ledgerRepo,
		Events:   eventsRepo,
		Charger:  stripeClient,
		Receipts: notify.Receipts{Mail: postbox, PortalURL: "https://portal.keystonebail.example"},
	})
	c.Collateral = collateral.NewService(db,
		postgres.Deposits{}, postgres.Refunds{}, postgres.CollateralBonds{},
		ledgerRepo, stripeClient, outbox.Add,
	)
	c.Forfeitures = courts.NewForfeitureService(db,
		postgres.Notices{}, postgres.ForfeitureBonds{}, granite, textRelay, outbox.Add,
	)
	c.Checkins = checkins.NewService(db,
		postgres.Checkins{}, postgres.Indemnitors{}, postgres.Escalations{}, c.Queue,
	)
	c.Surety = surety.NewService(surety.Options{
		DB:          db,
		Bonds:       postgres.Bonds{},
		Ledger:      ledgerRepo,
		Events:      eventsRepo,
		Runs:        postgres.ReconRuns{},
		Submissions: postgres.Submissions{},
		API:         granite,
		Location:    cfg.Location,
	})
	c.Responses = postgres.ResponseStore{DB: db}

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           httpapi.NewRouter(c),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		slog.Info("api listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()

	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
