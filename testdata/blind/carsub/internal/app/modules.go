// Package app holds the fx modules shared by the binaries under cmd/.
package app

import (
	"context"
	"log/slog"
	"os"

	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/db"
	"github.com/drivewise/carsub/internal/providers/devicevendor"
	"github.com/drivewise/carsub/internal/providers/insurer"
	"github.com/drivewise/carsub/internal/providers/logistics"
	"github.com/drivewise/carsub/internal/providers/notifier"
	"github.com/drivewise/carsub/internal/providers/payments"
	"github.com/drivewise/carsub/internal/service"
	"github.com/drivewise/carsub/internal/store"
)

// Core provides configuration, logging, the database and repositories.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		NewLogger,
		db.Open,
		service.SystemClock,

		fx.Annotate(store.NewTransactor, fx.As(new(service.Transactor))),
		fx.Annotate(store.NewSubscriptionRepo, fx.As(new(service.SubscriptionRepository))),
		fx.Annotate(store.NewCustomerRepo, fx.As(new(service.CustomerRepository))),
		fx.Annotate(store.NewCatalogRepo, fx.As(new(service.Catalog))),
		fx.Annotate(store.NewChargeRepo, fx.As(new(service.ChargeRepository))),
		fx.Annotate(store.NewRefundRepo, fx.As(new(service.RefundRepository))),
		fx.Annotate(store.NewCreditRepo, fx.As(new(service.CreditRepository))),
		fx.Annotate(store.NewDeliveryRepo, fx.As(new(service.DeliveryRepository))),
		fx.Annotate(store.NewDeviceRepo, fx.As(new(service.DeviceRepository))),
		fx.Annotate(store.NewTelemetryRepo, fx.As(new(service.TelemetryRepository))),
		fx.Annotate(store.NewClaimRepo, fx.As(new(service.ClaimRepository))),
		fx.Annotate(store.NewNotificationRepo, fx.As(new(service.NotificationRepository))),
		fx.Annotate(store.NewIdempotencyRepo, fx.As(new(service.IdempotencyStore))),
		fx.Annotate(store.NewInboxRepo, fx.As(new(service.Inbox))),
		fx.Annotate(store.NewAuditRepo, fx.As(new(service.AuditLog))),
	),
)

// Providers provides the partner API clients.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(
			func(c *config.Config) *payments.Client { return payments.New(c.Payments) },
			fx.As(new(service.PaymentGateway)),
		),
		fx.Annotate(
			func(c *config.Config) *logistics.Client { return logistics.New(c.Logistics) },
			fx.As(new(service.LogisticsPartner)),
		),
		fx.Annotate(
			func(c *config.Config) *devicevendor.Client { return devicevendor.New(c.DeviceVendor) },
			fx.As(new(service.DeviceVendor)),
		),
		fx.Annotate(
			func(c *config.Config) *insurer.Client { return insurer.New(c.Insurer) },
			fx.As(new(service.Insurer)),
		),
		fx.Annotate(
			func(c *config.Config) *notifier.Client { return notifier.New(c.Notifier) },
			fx.As(new(service.Notifier)),
		),
	),
)

// NewLogger returns the JSON logger every binary uses.
func NewLogger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "development" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})).
		With("env", cfg.Env)
}

// ClaimsConfig derives the claims settings from config.
func ClaimsConfig(c *config.Config) service.ClaimsConfig {
	return service.ClaimsConfig{PolicyNumber: c.Insurer.PolicyNumber, Currency: "EUR"}
}

// TelematicsService builds the telematics service with the configured SIM plan.
func TelematicsService(tx service.Transactor, catalog service.Catalog, devices service.DeviceRepository, vendor service.DeviceVendor, log *slog.Logger) *service.Telematics {
	plan := os.Getenv("TRAKBOX_DATA_PLAN")
	if plan == "" {
		return service.NewTelematics(tx, catalog, devices, vendor, log)
	}
	return service.NewTelematics(tx, catalog, devices, vendor, log, service.WithDataPlan(plan))
}

// Loop is a long-running worker body.
type Loop func(ctx context.Context) error

// RunLoop runs loop in the background for the app's lifetime. If the loop
// returns an error the app shuts down with exit code 1 so the orchestrator
// restarts it.
func RunLoop(lc fx.Lifecycle, sd fx.Shutdowner, log *slog.Logger, name string, loop Loop, closers ...func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				log.Info("worker started", "worker", name)
				if err := loop(ctx); err != nil {
					log.Error("worker stopped", "worker", name, "err", err)
					_ = sd.Shutdown(fx.ExitCode(1))
					return
				}
				log.Info("worker finished", "worker", name)
			}()
			return nil
		},
		OnStop: func(stopCtx context.Context) error {
			cancel()
			select {
			case <-done:
			case <-stopCtx.Done():
			}
			for _, c := range closers {
				if err := c(); err != nil {
					log.Warn("close", "worker", name, "err", err)
				}
			}
			return nil
		},
	})
}
