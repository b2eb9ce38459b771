// Command rentd runs the rent collection API, the background workers and the
// lease events consumer.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/dig"
	"golang.org/x/sync/errgroup"

	"github.com/keystone-pm/rent/internal/api"
	"github.com/keystone-pm/rent/internal/config"
	"github.com/keystone-pm/rent/internal/consumer"
	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/provider/achpay"
	"github.com/keystone-pm/rent/internal/provider/bankpayout"
	"github.com/keystone-pm/rent/internal/provider/mailer"
	"github.com/keystone-pm/rent/internal/provider/textmsg"
	"github.com/keystone-pm/rent/internal/provider/vendornet"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/service/leasing"
	"github.com/keystone-pm/rent/internal/service/ledger"
	"github.com/keystone-pm/rent/internal/service/maintenance"
	"github.com/keystone-pm/rent/internal/service/notify"
	"github.com/keystone-pm/rent/internal/service/payments"
	"github.com/keystone-pm/rent/internal/service/payouts"
	"github.com/keystone-pm/rent/internal/tasks"
	"github.com/keystone-pm/rent/internal/workers"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := buildContainer()
	if err != nil {
		fmt.Fprintln(os.Stderr, "wire:", err)
		os.Exit(1)
	}
	if err := c.Invoke(func(p runParams) error { return run(ctx, p) }); err != nil {
		fmt.Fprintln(os.Stderr, "rentd:", dig.RootCause(err))
		os.Exit(1)
	}
}

type provider struct {
	ctor any
	opts []dig.ProvideOption
}

func as(ifaces ...any) dig.ProvideOption { return dig.As(ifaces...) }

func buildContainer() (*dig.Container, error) {
	c := dig.New()
	providers := []provider{
		{ctor: config.Load},
		{ctor: newLogger},
		{ctor: openDB},
		{ctor: newEnqueuer},

		// repositories
		{ctor: repo.NewLeaseRepo, opts: []dig.ProvideOption{as(new(repo.LeaseStore))}},
		{ctor: repo.NewChargeRepo, opts: []dig.ProvideOption{as(new(repo.ChargeStore))}},
		{ctor: repo.NewPaymentRepo, opts: []dig.ProvideOption{as(new(repo.PaymentStore))}},
		{ctor: repo.NewIdempotencyRepo, opts: []dig.ProvideOption{as(new(repo.IdempotencyStore))}},
		{ctor: repo.NewEventRepo, opts: []dig.ProvideOption{as(new(repo.EventStore))}},
		{ctor: repo.NewDisbursementRepo, opts: []dig.ProvideOption{as(new(repo.DisbursementStore))}},
		{ctor: repo.NewOpsRepo, opts: []dig.ProvideOption{as(new(repo.OpsStore))}},

		// provider clients
		{ctor: newACHClient, opts: []dig.ProvideOption{as(new(payments.TransferAPI))}},
		{ctor: newBankClient, opts: []dig.ProvideOption{as(new(payouts.BankAPI))}},
		{ctor: newMailer, opts: []dig.ProvideOption{as(new(notify.Mailer))}},
		{ctor: newTexter, opts: []dig.ProvideOption{as(new(notify.Texter))}},
		{ctor: newVendorClient, opts: []dig.ProvideOption{as(new(leasing.WorkOrders), new(maintenance.WorkOrders))}},

		// services
		{ctor: payments.New},
		{ctor: ledger.New},
		{ctor: payouts.New},
		{ctor: leasing.New},
		{ctor: maintenance.New},
		{ctor: notify.New},

		// entry points
		{ctor: api.NewPaymentsHandler},
		{ctor: api.NewFundingSourcesHandler},
		{ctor: api.NewAutopayHandler},
		{ctor: api.NewChargesHandler},
		{ctor: api.NewPlansHandler},
		{ctor: api.NewMaintenanceHandler},
		{ctor: api.NewPayoutsHandler},
		{ctor: api.NewRemindersHandler},
		{ctor: api.NewWebhooksHandler},
		{ctor: api.NewRouter},
		{ctor: workers.NewWorkers},
		{ctor: consumer.NewLeaseEvents},
	}
	for _, p := range providers {
		if err := c.Provide(p.ctor, p.opts...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func openDB(cfg *config.Config) (*db.DB, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return db.Open(ctx, db.Config{DSN: cfg.DatabaseURL, MaxConns: cfg.DBMaxConns, MaxConnLifetime: time.Hour})
}

// newEnqueuer returns an insert-only River client. Services enqueue through
// it; the working client is built in run once all workers are registered.
func newEnqueuer(d *db.DB, log *slog.Logger) (tasks.Enqueuer, error) {
	return river.NewClient(riverpgxv5.New(d.Pool), &river.Config{Logger: log})
}

func newACHClient(cfg *config.Config) *achpay.Client {
	return achpay.New(achpay.Config{BaseURL: cfg.TransfersBaseURL, APIKey: cfg.TransfersAPIKey, Timeout: cfg.ProviderTimeout})
}

func newBankClient(cfg *config.Config) *bankpayout.Client {
	return bankpayout.New(bankpayout.Config{BaseURL: cfg.PayoutsBaseURL, APIKey: cfg.PayoutsAPIKey, Timeout: cfg.ProviderTimeout})
}

func newMailer(cfg *config.Config) *mailer.Client {
	return mailer.New(mailer.Config{BaseURL: cfg.MailBaseURL, ServerToken: cfg.MailServerToken, From: cfg.MailFrom, Timeout: cfg.ProviderTimeout})
}

func newTexter(cfg *config.Config) *textmsg.Client {
	return textmsg.New(textmsg.Config{
		BaseURL: cfg.SMSBaseURL, AccountSID: cfg.SMSAccountSID, AuthToken: cfg.SMSAuthToken,
		From: cfg.SMSFrom, Timeout: cfg.ProviderTimeout,
	})
}

func newVendorClient(cfg *config.Config) *vendornet.Client {
	return vendornet.New(vendornet.Config{BaseURL: cfg.VendorsBaseURL, APIKey: cfg.VendorsAPIKey, Timeout: cfg.ProviderTimeout})
}

type runParams struct {
	dig.In

	Config   *config.Config
	DB       *db.DB
	Log      *slog.Logger
	Router   http.Handler
	Workers  *river.Workers
	Consumer *consumer.LeaseEvents
}

func run(ctx context.Context, p runParams) error {
	defer p.DB.Close()

	worker, err := river.NewClient[pgx.Tx](riverpgxv5.New(p.DB.Pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:   {MaxWorkers: p.Config.WorkerCount},
			tasks.QueuePayments:  {MaxWorkers: 5},
			tasks.QueueMessaging: {MaxWorkers: 10},
			tasks.QueuePayouts:   {MaxWorkers: 2},
		},
		Workers:      p.Workers,
		PeriodicJobs: workers.PeriodicJobs(p.Config.Location(), p.Config.LateFeeHourLocal, time.Now),
		Logger:       p.Log,
		MaxAttempts:  10,
	})
	if err != nil {
		return fmt.Errorf("river client: %w", err)
	}

	srv := &http.Server{
		Addr:              p.Config.HTTPAddr,
		Handler:           p.Router,
		ReadHeaderTimeout: 5 * time.Second,
	}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := worker.Start(gctx); err != nil {
			return fmt.Errorf("start river: %w", err)
		}
		<-gctx.Done()
		stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return worker.Stop(stopCtx)
	})
	g.Go(func() error {
		p.Log.Info("http listening", "addr", srv.Addr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return srv.Shutdown(shutdownCtx)
	})
	g.Go(func() error { return p.Consumer.Run(gctx) })
	return g.Wait()
}
