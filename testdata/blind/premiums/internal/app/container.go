// Package app wires the platform's dependencies by hand. Each cmd builds one
// Container and takes what it needs from it.
package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	_ "github.com/lib/pq"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/pawsure/premiums/internal/blob"
	"github.com/pawsure/premiums/internal/config"
	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/provider/bank"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/provider/payments"
	"github.com/pawsure/premiums/internal/provider/vetnet"
	"github.com/pawsure/premiums/internal/repo"
	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/customers"
	"github.com/pawsure/premiums/internal/service/notify"
	"github.com/pawsure/premiums/internal/service/partners"
	"github.com/pawsure/premiums/internal/service/payouts"
	"github.com/pawsure/premiums/internal/service/policies"
	"github.com/pawsure/premiums/internal/service/quotes"
)

type Container struct {
	Config config.Config
	Log    *slog.Logger

	DB    *sql.DB
	Store *db.Store

	River    *river.Client[*sql.Tx]
	enqueuer *jobs.RiverEnqueuer

	Payments  *payments.Client
	Bank      *bank.Client
	Messaging *messaging.Client
	VetNet    *vetnet.Client
	Blobs     blob.Store

	Idempotency repo.IdempotencyRepository

	Queuer    notify.Queuer
	Notify    notify.Service
	Quotes    quotes.Service
	Policies  policies.Service
	Claims    claims.Service
	Billing   billing.Service
	Payouts   payouts.Service
	Partners  partners.Service
	Customers customers.Service
}

// OpenDB opens and pings the Postgres pool.
func OpenDB(ctx context.Context, url string) (*sql.DB, error) {
	pool, err := sql.Open("postgres", url)
	if err != nil {
		return nil, err
	}
	pool.SetMaxOpenConns(25)
	pool.SetMaxIdleConns(10)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.PingContext(pctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

// New builds every provider client, repository and service. The river client
// is created separately by InitRiver because the worker process needs the
// services to exist before it can register workers.
func New(ctx context.Context, cfg config.Config, log *slog.Logger) (*Container, error) {
	pool, err := OpenDB(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	store := db.NewStore(pool)
	c := &Container{
		Config:      cfg,
		Log:         log,
		DB:          pool,
		Store:       store,
		enqueuer:    &jobs.RiverEnqueuer{},
		Payments:    payments.NewClient(cfg.StripeSecretKey),
		Bank:        bank.NewClient(cfg.BankBaseURL, cfg.BankAPIKey),
		Messaging:   messaging.NewClient(cfg.MessagingBaseURL, cfg.MessagingAPIKey, cfg.MessagingSender),
		VetNet:      vetnet.NewClient(cfg.VetNetBaseURL, cfg.VetNetAPIKey),
		Blobs:       blob.NewHTTPStore(cfg.BlobBaseURL, cfg.BlobToken),
		Idempotency: &repo.PGIdempotency{DB: pool},
	}
	c.Queuer = notify.NewQueuer(c.enqueuer)
	c.Notify = notify.NewService(store, c.Messaging, log.With("svc", "notify"))
	c.Quotes = quotes.NewService(store)
	c.Policies = policies.NewService(policies.Deps{
		Store:    store,
		Policies: &repo.PGPolicies{Q: store.Queries, DB: pool},
		Refunds:  &repo.PGRefunds{DB: pool},
		Payments: c.Payments,
		VetNet:   c.VetNet,
		Jobs:     c.enqueuer,
		Notify:   c.Queuer,
		Log:      log.With("svc", "policies"),
	})
	c.Claims = claims.NewService(claims.Deps{
		Store:  store,
		Blobs:  c.Blobs,
		VetNet: c.VetNet,
		Sender: c.Messaging,
		Jobs:   c.enqueuer,
		Notify: c.Queuer,
		Log:    log.With("svc", "claims"),
	})
	c.Billing = billing.NewService(billing.Deps{
		Store:    store,
		Refunds:  &repo.PGRefunds{DB: pool},
		Payments: c.Payments,
		Jobs:     c.enqueuer,
		Notify:   c.Queuer,
		Log:      log.With("svc", "billing"),
	})
	c.Payouts = payouts.NewService(payouts.Deps{
		Store:    store,
		Payouts:  &repo.PGPayouts{DB: pool},
		Claims:   &repo.PGClaims{DB: pool},
		Ledger:   &repo.PGLedger{Q: store.Queries},
		Bank:     c.Bank,
		Payments: c.Payments,
		Notify:   c.Queuer,
		Log:      log.With("svc", "payouts"),
	})
	c.Partners = partners.NewService(partners.Deps{
		Store:   store,
		Events:  &repo.PGPartnerEvents{DB: pool},
		Clinics: &repo.PGClinics{DB: pool},
		Notify:  c.Queuer,
		Log:     log.With("svc", "partners"),
	})
	c.Customers = customers.NewService(store, c.enqueuer, log.With("svc", "customers"))
	return c, nil
}

// InitRiver creates the river client. Pass an empty config for an insert-only
// client (API, consumer) or one with Queues and Workers for the worker.
func (c *Container) InitRiver(rc *river.Config) error {
	if rc.Logger == nil {
		rc.Logger = c.Log.With("component", "river")
	}
	client, err := river.NewClient(riverdatabasesql.New(c.DB), rc)
	if err != nil {
		return fmt.Errorf("river client: %w", err)
	}
	c.River = client
	c.enqueuer.Client = client
	return nil
}

// Jobs exposes the enqueuer.
func (c *Container) Jobs() jobs.Enqueuer { return c.enqueuer }

// Close releases the pool.
func (c *Container) Close() error {
	return c.DB.Close()
}
