// Package app holds the providers shared by the binaries' dependency graphs
// (see the hand-maintained cmd/*/wire_gen.go).
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/terravault/carbonreg/internal/config"
	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/mailer"
	"github.com/terravault/carbonreg/internal/notify"
	"github.com/terravault/carbonreg/internal/payments"
	"github.com/terravault/carbonreg/internal/registry"
	"github.com/terravault/carbonreg/internal/render"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/service"
	"github.com/terravault/carbonreg/internal/tasks"
)

// Logger returns the process logger.
func Logger(component string) *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})
	return slog.New(h).With("component", component)
}

// Database opens the pool and returns a cleanup.
func Database(ctx context.Context, cfg *config.Config) (*db.Handles, func(), error) {
	h, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	return h, func() { _ = h.Close() }, nil
}

// Ledger returns the raw SQL ledger on the shared pool.
func Ledger(h *db.Handles) *ledger.Ledger { return ledger.New(h.SQL) }

// Gateway returns the Stripe gateway with transient-error retries.
func Gateway(cfg *config.Config) payments.Gateway {
	return payments.WithRetry(payments.NewClient(cfg.StripeSecretKey), 3)
}

// Registry returns the registry partner client.
func Registry(cfg *config.Config) (*registry.Client, error) {
	return registry.New(cfg.RegistryBaseURL, cfg.RegistryAPIKey, cfg.RegistryAccount)
}

// Enqueuer returns the asynq client and a cleanup.
func Enqueuer(cfg *config.Config) (tasks.Enqueuer, func()) {
	c := tasks.NewClient(cfg.RedisAddr)
	return c, func() { _ = c.Close() }
}

// Mailer returns the email sender.
func Mailer(cfg *config.Config) mailer.Sender {
	return mailer.New(cfg.MailerBaseURL, cfg.MailerToken, cfg.MailerFrom)
}

// Renderer returns the certificate renderer client.
func Renderer(cfg *config.Config) render.Renderer {
	return render.New(cfg.RendererBaseURL, cfg.RendererToken)
}

// Webhooks returns the buyer webhook deliverer.
func Webhooks() notify.Deliverer { return notify.New() }

// JetStream connects to NATS and returns a JetStream handle and a cleanup.
func JetStream(cfg *config.Config, log *slog.Logger) (jetstream.JetStream, func(), error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("carbonreg"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("nats: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("jetstream: %w", err)
	}
	return js, func() { _ = nc.Drain() }, nil
}

// Publisher returns the JetStream event publisher.
func Publisher(js jetstream.JetStream) events.Publisher { return events.NewJetStream(js) }

// Repositories groups every repository.
type Repositories struct {
	Projects    repo.Projects
	Developers  repo.Developers
	Accounts    repo.Accounts
	Batches     repo.Batches
	Orders      repo.Orders
	Keys        repo.IdempotencyKeys
	Refunds     repo.Refunds
	Retirements repo.Retirements
	Transfers   repo.Transfers
	Exports     repo.Exports
	Payouts     repo.Payouts
	Endpoints   repo.WebhookEndpoints
	Events      repo.Events
	Attempts    repo.Attempts
}

// NewRepositories returns the gorm repositories.
func NewRepositories(log *slog.Logger) Repositories {
	return Repositories{
		Projects:    repo.NewProjects(),
		Developers:  repo.NewDevelopers(),
		Accounts:    repo.NewAccounts(),
		Batches:     repo.NewBatches(),
		Orders:      repo.NewOrders(),
		Keys:        repo.NewIdempotencyKeys(),
		Refunds:     repo.NewRefunds(),
		Retirements: repo.NewRetirements(),
		Transfers:   repo.NewTransfers(),
		Exports:     repo.NewExports(),
		Payouts:     repo.NewPayouts(),
		Endpoints:   repo.NewWebhookEndpoints(),
		Events:      repo.NewEvents(),
		Attempts:    repo.NewAttempts(log),
	}
}

// OrderService builds the order service.
func OrderService(r Repositories, l *ledger.Ledger, g payments.Gateway, q tasks.Enqueuer, cfg *config.Config, log *slog.Logger) service.OrderService {
	return service.NewOrderService(service.OrderDeps{
		Orders:   r.Orders,
		Keys:     r.Keys,
		Batches:  r.Batches,
		Projects: r.Projects,
		Accounts: r.Accounts,
		Ledger:   l,
		Gateway:  g,
		Enqueuer: q,
		Hold:     cfg.OrderHoldDuration,
		FeeBps:   cfg.PlatformFeeBps,
		Log:      log,
	})
}
