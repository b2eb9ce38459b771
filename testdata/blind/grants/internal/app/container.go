// Package app wires the process: a hand-written container built by
// constructor functions and used by cmd/api and cmd/worker.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"

	"github.com/civicfund/grants/internal/campaigns"
	"github.com/civicfund/grants/internal/config"
	"github.com/civicfund/grants/internal/disbursement"
	"github.com/civicfund/grants/internal/donations"
	"github.com/civicfund/grants/internal/donors"
	"github.com/civicfund/grants/internal/granteehooks"
	"github.com/civicfund/grants/internal/grants"
	"github.com/civicfund/grants/internal/ledger"
	"github.com/civicfund/grants/internal/matching"
	"github.com/civicfund/grants/internal/outbox"
	"github.com/civicfund/grants/internal/payouts"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/retry"
	"github.com/civicfund/grants/internal/pledges"
	"github.com/civicfund/grants/internal/receipts"
	"github.com/civicfund/grants/internal/service"
)

// Container holds the process-wide dependencies.
type Container struct {
	Config    config.Config
	Log       *slog.Logger
	DB        *sqlx.DB
	Repos     Repos
	Providers Providers
	Temporal  client.Client

	Donations     service.DonationService
	PaymentEvents service.PaymentEventService
	Pledges       service.PledgeService
	Matching      service.MatchingService
	Grants        service.GrantService
	Receipts      service.ReceiptService
	Payouts       service.PayoutService
	Ledger        service.LedgerService
	Campaigns     service.CampaignService
	Donors        service.DonorService
	GranteeHooks  service.GranteeNotificationService
	Starter       service.DisbursementStarter
}

// NewLogger builds the JSON logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewDB opens the pool.
func NewDB(ctx context.Context, cfg config.Config) (*sqlx.DB, error) {
	return db.Open(ctx, cfg.DatabaseURL, db.Options{
		MaxOpen:     cfg.DBMaxOpen,
		MaxIdle:     cfg.DBMaxOpen / 2,
		MaxLifetime: 30 * time.Minute,
	})
}

// NewTemporalClient dials the Temporal frontend.
func NewTemporalClient(cfg config.Config) (client.Client, error) {
	return client.Dial(client.Options{HostPort: cfg.TemporalHost, Namespace: cfg.TemporalNS})
}

// NewContainer builds everything shared by the binaries.
func NewContainer(ctx context.Context, cfg config.Config) (*Container, error) {
	log := NewLogger()
	slog.SetDefault(log)

	conn, err := NewDB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	prov, err := NewProviders(ctx, cfg)
	if err != nil {
		return nil, err
	}
	tc, err := NewTemporalClient(cfg)
	if err != nil {
		return nil, fmt.Errorf("dial temporal: %w", err)
	}

	c := &Container{
		Config:    cfg,
		Log:       log,
		DB:        conn,
		Repos:     NewRepos(conn),
		Providers: prov,
		Temporal:  tc,
	}
	c.Starter = &disbursement.Starter{Client: tc, TaskQueue: cfg.TaskQueue, TrancheInterval: 30 * 24 * time.Hour}
	wireServices(c)
	return c, nil
}

func wireServices(c *Container) {
	r := c.Repos
	p := c.Providers

	don := donations.New(donations.Deps{
		DB:        c.DB,
		Keys:      r.Keys,
		Donations: r.Donations,
		Refunds:   r.Refunds,
		Events:    r.StripeEvents,
		Outbox:    r.Outbox,
		Payments:  p.Payments,
		Logger:    c.Log,
	})
	c.Donations = don
	c.PaymentEvents = don
	c.Pledges = pledges.NewService(c.DB, r.Pledges, r.Installments, p.Payments)
	c.Matching = matching.New(c.DB, r.MatchingOffers, r.MatchAllocations)
	c.Grants = grants.New(c.DB, r.Cycles, r.Organizations, r.Applications, r.Grants, c.Starter)
	c.Receipts = &receipts.Service{
		Donors:      r.Donors,
		TaxReceipts: r.TaxReceipts,
		EmailOutbox: r.EmailOutbox,
		Mailer:      p.Mailer,
		Publisher:   p.Publisher,
		Now:         time.Now,
		Log:         c.Log.With("component", "receipts"),
	}
	c.Payouts = payouts.New(c.DB, r.Payouts, r.Grants)
	c.Ledger = &ledger.Service{DB: c.DB, Ledger: r.Ledger, Campaigns: r.Campaigns}
	c.Campaigns = campaigns.New(c.DB, r.Campaigns, r.Inbox)
	c.Donors = donors.New(donors.Deps{
		DB:           c.DB,
		Donors:       r.Donors,
		Donations:    r.Donations,
		Pledges:      r.Pledges,
		Suppressions: r.Suppressions,
		Audit:        r.Audit,
	})
	c.GranteeHooks = granteehooks.New(r.Organizations, r.GranteeDeliveries, p.GranteeNotifier)
}

// Activities builds the struct-registered Temporal activities.
func (c *Container) Activities() *disbursement.Activities {
	return &disbursement.Activities{
		DB:            c.DB,
		Grants:        c.Repos.Grants,
		Funds:         c.Repos.Funds,
		Payouts:       c.Repos.Payouts,
		Disbursements: c.Repos.Disbursements,
		Orgs:          c.Repos.Organizations,
		Bank:          c.Providers.Bank,
		Policy:        retry.Default,
		Now:           time.Now,
	}
}

// ActivityDeps builds the dependencies of the function activities.
func (c *Container) ActivityDeps() disbursement.Deps {
	return disbursement.Deps{
		Emergency:     c.Repos.EmergencyPayouts,
		Orgs:          c.Repos.Organizations,
		Notifications: c.Repos.Notifications,
		Bank:          c.Providers.Bank,
		SMS:           c.Providers.SMS,
		Mailer:        c.Providers.Mailer,
		Policy:        retry.Default,
	}
}

// OutboxRelay builds the relay background task.
func (c *Container) OutboxRelay() *outbox.Relay {
	return &outbox.Relay{
		DB:        c.DB,
		Outbox:    c.Repos.Outbox,
		Publisher: c.Providers.Publisher,
		Interval:  c.Config.OutboxInterval,
		Batch:     50,
		Log:       c.Log.With("component", "outbox"),
		Now:       time.Now,
	}
}

// Close releases the container's resources.
func (c *Container) Close() {
	if c.Temporal != nil {
		c.Temporal.Close()
	}
	if c.DB != nil {
		_ = c.DB.Close()
	}
}
