// Command events runs the domain event consumers.
package main

import (
	"context"
	"database/sql"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"go.uber.org/dig"

	"github.com/sunrail/installs/internal/clients/payments"
	"github.com/sunrail/installs/internal/clients/sms"
	"github.com/sunrail/installs/internal/consumers"
	"github.com/sunrail/installs/internal/customers"
	"github.com/sunrail/installs/internal/invoicing"
	"github.com/sunrail/installs/internal/notify"
	"github.com/sunrail/installs/internal/payouts"
	"github.com/sunrail/installs/internal/platform/config"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/idempotency"
	"github.com/sunrail/installs/internal/projects"
	"github.com/sunrail/installs/internal/scheduling"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	c := dig.New()
	for _, p := range providers() {
		if err := c.Provide(p); err != nil {
			slog.Error("provide", "err", err)
			os.Exit(1)
		}
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("events exited", "err", err)
		os.Exit(1)
	}
}

func providers() []any {
	return []any{
		config.Load,
		func(cfg config.Config) (*sql.DB, error) {
			return database.Open(database.Config{DSN: cfg.DSN, MaxOpenConns: 15, ConnMaxLifetime: 30 * time.Minute})
		},
		func(db *sql.DB) database.DBTX { return db },
		database.NewTxManager,
		func() watermill.LoggerAdapter { return watermill.NewSlogLogger(slog.Default()) },
		events.NewOutbox,
		func(o *events.Outbox) events.Publisher { return o },
		idempotency.NewStore,

		func(cfg config.Config) *payments.Gateway {
			return payments.NewGateway(cfg.StripeKey, cfg.StripeWebhookSecret)
		},
		func(cfg config.Config) *sms.Client { return sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSFrom) },

		customers.NewRepository,
		projects.NewRepository,
		scheduling.NewRepository,
		invoicing.NewRepository,
		payouts.NewRepository,
		payouts.NewBalanceLedger,
		notify.NewLog,

		projects.NewService,
		func(r *scheduling.Repository, keys *idempotency.Store, p *projects.Repository, pub events.Publisher, tx database.TxManager) *scheduling.Service {
			return scheduling.NewService(r, keys, p, pub, tx)
		},
		func(r *invoicing.Repository, cu *customers.Repository, keys *idempotency.Store, gw *payments.Gateway,
			pub events.Publisher, tx database.TxManager) *invoicing.Service {
			return invoicing.NewService(r, cu, keys, gw, pub, tx)
		},
		func(r *payouts.Repository, b *payouts.BalanceLedger, gw *payments.Gateway, tx database.TxManager) *payouts.Service {
			return payouts.NewService(r, b, gw, tx)
		},
		func(s *sms.Client, l *notify.Log) *notify.Notifier { return notify.NewNotifier(s, l) },

		func(s *projects.Service) consumers.ProjectOpener { return s },
		func(s *invoicing.Service) consumers.DepositRecorder { return s },
		func(s *invoicing.Service) consumers.MilestoneBiller { return s },
		func(s *scheduling.Service) consumers.JobOpener { return s },
		func(n *notify.Notifier) consumers.InstallNotifier { return n },
		func(s *payouts.Service) consumers.Accruer { return s },
		consumers.All,
	}
}

func run(cfg config.Config, db *sql.DB, list []events.Consumer, logger watermill.LoggerAdapter) error {
	defer db.Close()
	router, err := events.NewRouter(db, events.RouterConfig{
		MaxRetries:      cfg.ConsumerMaxRetries,
		InitialInterval: cfg.ConsumerBackoff,
		PollInterval:    time.Second,
	}, list, logger)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	slog.Info("event consumers starting", "count", len(list))
	return router.Run(ctx)
}
