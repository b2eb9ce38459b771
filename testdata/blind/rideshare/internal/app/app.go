// Package app holds the small amount of wiring shared by the binaries:
// logger, database and provider clients.
package app

import (
	"context"
	"database/sql"
	"log/slog"
	"os"

	"github.com/wayfare/ridepay/internal/config"
	"github.com/wayfare/ridepay/internal/notify"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/provider/payouts"
	"github.com/wayfare/ridepay/internal/provider/push"
	"github.com/wayfare/ridepay/internal/store"
)

// Logger returns the process logger.
func Logger(service string) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).With("service", service)
}

// Clients groups the provider clients.
type Clients struct {
	Payments *payments.Client
	Payouts  *payouts.Client
	Push     push.Sender
}

// NewClients builds the provider clients from cfg.
func NewClients(cfg config.Config, log *slog.Logger) Clients {
	return Clients{
		Payments: payments.New(cfg.AcquirerURL, cfg.AcquirerAPIKey, cfg.AcquirerMerchant),
		Payouts:  payouts.New(cfg.PayoutsURL, cfg.PayoutsToken, cfg.PayoutsPayer),
		Push:     push.WithRetry(push.New(cfg.PushURL, cfg.PushServerKey), cfg.PushRetryAttempts, cfg.PushRetryDelay, log),
	}
}

// Repos groups the repositories.
type Repos struct {
	Fares         store.FareRepo
	Drivers       store.DriverRepo
	Payouts       store.PayoutRepo
	Balances      store.BalanceRepo
	Idempotency   store.IdempotencyRepo
	WebhookEvents store.WebhookEventRepo
	Notifications store.NotificationRepo
}

// NewRepos builds the repositories over sqldb.
func NewRepos(sqldb *sql.DB) Repos {
	return Repos{
		Fares:         store.NewFareRepo(sqldb),
		Drivers:       store.NewDriverRepo(sqldb),
		Payouts:       store.NewPayoutRepo(sqldb),
		Balances:      store.NewBalanceRepo(sqldb),
		Idempotency:   store.NewIdempotencyRepo(sqldb),
		WebhookEvents: store.NewWebhookEventRepo(sqldb),
		Notifications: store.NewNotificationRepo(sqldb),
	}
}

// NewNotifier builds the driver notifier.
func NewNotifier(r Repos, c Clients, log *slog.Logger) notify.Notifier {
	return notify.New(r.Drivers, r.Notifications, c.Push, log)
}

// MustDB opens the database or exits.
func MustDB(ctx context.Context, cfg config.Config, log *slog.Logger) *sql.DB {
	sqldb, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("database unavailable", "err", err)
		os.Exit(1)
	}
	return sqldb
}
