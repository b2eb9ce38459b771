package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	dbfs "github.com/cedarleaf/pharmacy/db"
	"github.com/cedarleaf/pharmacy/internal/billing"
	"github.com/cedarleaf/pharmacy/internal/claims"
	"github.com/cedarleaf/pharmacy/internal/delivery"
	"github.com/cedarleaf/pharmacy/internal/httpapi"
	"github.com/cedarleaf/pharmacy/internal/inventory"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/order"
	"github.com/cedarleaf/pharmacy/internal/patient"
	"github.com/cedarleaf/pharmacy/internal/prescription"
	"github.com/cedarleaf/pharmacy/internal/provider/courier"
	"github.com/cedarleaf/pharmacy/internal/provider/pbm"
	"github.com/cedarleaf/pharmacy/internal/provider/stripegw"
	"github.com/cedarleaf/pharmacy/internal/provider/twilio"
	"github.com/cedarleaf/pharmacy/internal/refill"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
	"github.com/cedarleaf/pharmacy/internal/workers"
)

// NewPool opens the Postgres pool.
func NewPool(ctx context.Context, cfg Config) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pc.MaxConnLifetime = 30 * time.Minute
	pc.HealthCheckPeriod = 30 * time.Second
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

// Migrate applies the goose migrations and River's own schema.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()
	goose.SetBaseFS(dbfs.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		return err
	}
	if err := goose.UpContext(ctx, sqlDB, "migrations"); err != nil {
		return fmt.Errorf("goose up: %w", err)
	}
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	return nil
}

// Providers are the external API clients.
type Providers struct {
	Stripe  stripegw.Gateway
	PBM     *pbm.Client
	Courier *courier.Client
	SMS     *twilio.Client
}

// NewProviders builds the provider clients from cfg.
func NewProviders(cfg Config) Providers {
	return Providers{
		Stripe:  stripegw.New(cfg.StripeSecretKey, cfg.StripeWebhookSecret),
		PBM:     pbm.NewClient(cfg.PBMBaseURL, cfg.PBMAPIKey, cfg.PharmacyNPI),
		Courier: courier.New(cfg.CourierBaseURL, cfg.CourierAPIKey, cfg.CourierAccount),
		SMS: twilio.New(twilio.Config{
			AccountSID:     cfg.TwilioAccountSID,
			AuthToken:      cfg.TwilioAuthToken,
			From:           cfg.TwilioFrom,
			StatusCallback: cfg.PublicBaseURL + "/webhooks/twilio/status",
		}),
	}
}

// Services is every domain service.
type Services struct {
	Store         *store.PgStore
	Prescriptions *prescription.Service
	Patients      *patient.Service
	Refills       *refill.Service
	Billing       *billing.Service
	Orders        *order.Service
	Claims        *claims.Service
	Delivery      *delivery.Service
	Inventory     *inventory.Service
	Notify        *notify.Service
}

// NewServices constructs the services over one store and job inserter.
func NewServices(st *store.PgStore, jobs tasks.Inserter, p Providers, cfg Config) *Services {
	return &Services{
		Store:         st,
		Prescriptions: prescription.NewService(st, jobs),
		Patients:      patient.NewService(st, p.Stripe, p.PBM),
		Refills:       refill.NewService(st, jobs),
		Billing:       billing.NewService(st, jobs, p.Stripe),
		Orders:        order.NewService(st, jobs, p.SMS),
		Claims:        claims.NewService(st, jobs, p.PBM),
		Delivery:      delivery.NewService(st, jobs, p.Courier, p.SMS, cfg.PharmacyAddress),
		Inventory:     inventory.NewService(st),
		Notify:        notify.NewService(st, jobs, p.SMS),
	}
}

// NewHandler builds the HTTP handler.
func NewHandler(s *Services, cfg Config, log *slog.Logger) *httpapi.Handler {
	return &httpapi.Handler{
		Prescriptions: s.Prescriptions,
		Patients:      s.Patients,
		Refills:       s.Refills,
		Billing:       s.Billing,
		Orders:        s.Orders,
		Claims:        s.Claims,
		Delivery:      s.Delivery,
		Inventory:     s.Inventory,
		Notifications: s.Notify,
		Clinics:       s.Store,
		Secrets: httpapi.Secrets{
			CourierWebhookSecret: cfg.CourierWebhookSecret,
			PBMWebhookSecret:     cfg.PBMWebhookSecret,
			TwilioAuthToken:      cfg.TwilioAuthToken,
			PublicBaseURL:        cfg.PublicBaseURL,
			StaffTokens:          cfg.StaffTokens,
		},
		Log: log,
	}
}

// NewInsertOnlyClient is the River client used by the API process: it can
// enqueue but runs no workers.
func NewInsertOnlyClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

// NewWorkers registers every worker against the services.
func NewWorkers(s *Services) *river.Workers {
	ws := river.NewWorkers()
	workers.Register(ws, workers.Deps{
		Prescriptions: s.Prescriptions,
		Claims:        s.Claims,
		Payments:      s.Billing,
		Orders:        s.Orders,
		Delivery:      s.Delivery,
		Notify:        s.Notify,
		Inventory:     s.Inventory,
	})
	return ws
}

// NewWorkerClient is the River client for the worker process.
func NewWorkerClient(pool *pgxpool.Pool, ws *river.Workers, cfg Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	n := cfg.WorkerConcurrency
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			tasks.QueueDefault:       {MaxWorkers: n},
			tasks.QueueClaims:        {MaxWorkers: n / 2},
			tasks.QueuePayments:      {MaxWorkers: n / 4},
			tasks.QueueFulfilment:    {MaxWorkers: n / 2},
			tasks.QueueNotifications: {MaxWorkers: n},
			tasks.QueueMaintenance:   {MaxWorkers: 2},
		},
		Workers:      ws,
		PeriodicJobs: workers.PeriodicJobs(),
		JobTimeout:   5 * time.Minute,
	})
}
