// Package platform holds the fx modules shared by the binaries in cmd/.
package platform

import (
	"context"
	"log/slog"
	"os"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/jobs/queue"
	"github.com/harbourline/marina/internal/providers/accounting"
	"github.com/harbourline/marina/internal/providers/sms"
	"github.com/harbourline/marina/internal/providers/stripepay"
	"github.com/harbourline/marina/internal/providers/yard"
	"github.com/harbourline/marina/internal/service/billing"
	"github.com/harbourline/marina/internal/service/boatyard"
	"github.com/harbourline/marina/internal/service/booking"
	"github.com/harbourline/marina/internal/service/fuel"
	"github.com/harbourline/marina/internal/service/harbour"
	"github.com/harbourline/marina/internal/service/notify"
	"github.com/harbourline/marina/internal/service/power"
	"github.com/harbourline/marina/internal/service/seasonal"
	"github.com/harbourline/marina/internal/service/settlement"
	"github.com/harbourline/marina/internal/storage"
)

// Core provides configuration, logging and the database.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		NewLogger,
		NewPool,
		storage.NewStore,
		NewWatermillLogger,
	),
)

// Providers provides the external service clients.
var Providers = fx.Module("providers",
	fx.Provide(
		NewPaymentGateway,
		NewSMSGateway,
		NewLedger,
		NewLiftScheduler,
	),
)

// Services provides the domain services.
var Services = fx.Module("services",
	fx.Provide(
		billing.NewService,
		booking.NewService,
		seasonal.NewService,
		fuel.NewService,
		boatyard.NewService,
		power.NewService,
		notify.NewService,
		harbour.NewService,
		settlement.NewService,
	),
)

// InsertOnlyQueue provides an Enqueuer backed by a river client that does
// not work jobs, for processes other than cmd/worker.
var InsertOnlyQueue = fx.Module("queue",
	fx.Provide(
		func(pool *pgxpool.Pool, log *zap.Logger) (*river.Client[pgx.Tx], error) {
			return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: Slog(log)})
		},
		queue.NewEnqueuer,
	),
)

// FxLogger routes fx's own events through zap.
func FxLogger() fx.Option {
	return fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
		return &fxevent.ZapLogger{Logger: log.Named("fx")}
	})
}

func NewLogger(cfg *config.Config) (*zap.Logger, error) {
	if cfg.Env == "development" {
		return zap.NewDevelopment()
	}
	return zap.NewProduction()
}

// Slog adapts zap for libraries that take a *slog.Logger.
func Slog(log *zap.Logger) *slog.Logger {
	level := slog.LevelInfo
	if log.Core().Enabled(zap.DebugLevel) {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}

func NewWatermillLogger(log *zap.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(Slog(log))
}

func NewPool(lc fx.Lifecycle, cfg *config.Config) (*pgxpool.Pool, error) {
	pool, err := storage.NewPool(context.Background(), cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

func NewPaymentGateway(cfg *config.Config) stripepay.Gateway {
	return stripepay.New(cfg.StripeSecretKey)
}

func NewSMSGateway(cfg *config.Config) notify.Gateway {
	return sms.New(sms.Config{BaseURL: cfg.SMSBaseURL, APIKey: cfg.SMSAPIKey, Sender: cfg.SMSSender})
}

func NewLedger(cfg *config.Config) settlement.Ledger {
	return accounting.New(accounting.Config{BaseURL: cfg.AccountingBaseURL, APIKey: cfg.AccountingAPIKey, LedgerID: cfg.AccountingLedgerID})
}

func NewLiftScheduler(cfg *config.Config) boatyard.LiftScheduler {
	return yard.New(yard.Config{BaseURL: cfg.YardBaseURL, APIKey: cfg.YardAPIKey})
}
