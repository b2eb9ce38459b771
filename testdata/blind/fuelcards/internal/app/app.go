// Package app holds the fx modules shared by the binaries: configuration,
// the pool, provider clients, repositories and services.
package app

import (
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/ridgeline-fleet/fuelcards/internal/config"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/queue"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/bankpay"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/cardnetwork"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/filedrop"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/sms"
	"github.com/ridgeline-fleet/fuelcards/internal/service/alerts"
	"github.com/ridgeline-fleet/fuelcards/internal/service/authz"
	"github.com/ridgeline-fleet/fuelcards/internal/service/cardevents"
	"github.com/ridgeline-fleet/fuelcards/internal/service/cards"
	"github.com/ridgeline-fleet/fuelcards/internal/service/drivers"
	"github.com/ridgeline-fleet/fuelcards/internal/service/fraud"
	"github.com/ridgeline-fleet/fuelcards/internal/service/rebates"
	"github.com/ridgeline-fleet/fuelcards/internal/service/settlement"
	"github.com/ridgeline-fleet/fuelcards/internal/store"
)

// Core provides configuration, logging, the pool and the enqueuer.
var Core = fx.Options(
	fx.Provide(config.Load, config.NewLogger),
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
		l := &fxevent.SlogLogger{Logger: log}
		l.UseLogLevel(slog.LevelDebug)
		return l
	}),
	pg.Module,
	fx.Provide(queue.NewEnqueuer),
)

// Providers builds the partner clients and exposes them through the
// interfaces each service declares.
var Providers = fx.Module("providers",
	fx.Provide(
		func(cfg config.Config) *cardnetwork.Client {
			return cardnetwork.New(cfg.NetworkBaseURL, cfg.NetworkAPIKey)
		},
		func(cfg config.Config) *sms.Client {
			return sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSenderID)
		},
		func(cfg config.Config) *bankpay.Client {
			return bankpay.New(cfg.BankBaseURL, cfg.BankClientID, cfg.BankClientSecret, cfg.BankFundingRef)
		},
		func(cfg config.Config) *filedrop.Client {
			return filedrop.New(cfg.FileDropBaseURL, cfg.FileDropToken)
		},
		func(c *cardnetwork.Client) cards.Network { return c },
		func(c *cardnetwork.Client) fraud.Network { return c },
		func(c *cardnetwork.Client) rebates.Network { return c },
		func(c *sms.Client) fraud.Texter { return c },
		func(c *sms.Client) alerts.Texter { return c },
		func(c *bankpay.Client) settlement.Bank { return c },
		func(c *bankpay.Client) rebates.Bank { return c },
		func(c *filedrop.Client) settlement.FileSource { return c },
	),
)

// Repos binds *store.Queries to each service's repository interface.
var Repos = fx.Module("repos",
	fx.Provide(
		store.Provide(func(q *store.Queries) cards.Repo { return q }),
		store.Provide(func(q *store.Queries) drivers.Repo { return q }),
		store.Provide(func(q *store.Queries) authz.Repo { return q }),
		store.Provide(func(q *store.Queries) cardevents.Repo { return q }),
		store.Provide(func(q *store.Queries) fraud.Repo { return q }),
		store.Provide(func(q *store.Queries) alerts.Repo { return q }),
		store.Provide(func(q *store.Queries) settlement.Repo { return q }),
		store.Provide(func(q *store.Queries) rebates.Repo { return q }),
		func(pool *pgxpool.Pool) *store.Queries { return store.New(pool) },
	),
)

// Services provides every domain service.
var Services = fx.Module("services",
	fx.Provide(
		cards.New,
		drivers.New,
		authz.New,
		cardevents.New,
		fraud.New,
		func(uow pg.UnitOfWork[alerts.Repo], t alerts.Texter, cfg config.Config, log *slog.Logger) *alerts.Service {
			return alerts.New(uow, t, cfg.SMSCallbackURL, log)
		},
		func(uow pg.UnitOfWork[settlement.Repo], fs settlement.FileSource, bank settlement.Bank,
			jobs jobargs.Enqueuer, cfg config.Config, log *slog.Logger) *settlement.Service {
			return settlement.New(uow, fs, bank, jobs, cfg.SettlementBatch, log)
		},
		func(uow pg.UnitOfWork[rebates.Repo], bank rebates.Bank, nw rebates.Network,
			jobs jobargs.Enqueuer, cfg config.Config, log *slog.Logger) *rebates.Service {
			return rebates.New(uow, bank, nw, jobs, cfg.ProgramTimezone, log)
		},
	),
)
