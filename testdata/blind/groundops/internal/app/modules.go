// Package app holds the fx modules shared by the binaries in cmd/.
package app

import (
	"context"
	"log/slog"
	"os"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/adhoc"
	"github.com/apronworks/groundops/internal/config"
	"github.com/apronworks/groundops/internal/crew"
	"github.com/apronworks/groundops/internal/deicing"
	"github.com/apronworks/groundops/internal/fuel"
	"github.com/apronworks/groundops/internal/payments"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/platform/jobs"
	"github.com/apronworks/groundops/internal/platform/partner"
	"github.com/apronworks/groundops/internal/pricing"
	"github.com/apronworks/groundops/internal/providers/deicevendor"
	"github.com/apronworks/groundops/internal/providers/fuelsupplier"
	"github.com/apronworks/groundops/internal/providers/pager"
	"github.com/apronworks/groundops/internal/tasks"
	"github.com/apronworks/groundops/internal/turnaround"
)

// Core provides configuration, the database and the shared platform
// pieces.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		newDB,
		database.NewUnitOfWork,
		jobs.NewQueue,
		pricing.NewRateBook,
		partner.NewAttemptLog,
	),
)

func newDB(lc fx.Lifecycle, cfg *config.Config) (*gorm.DB, error) {
	db, err := database.Open(cfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStop: func(context.Context) error { return database.Close(db) },
	})
	return db, nil
}

// Migrate runs the embedded migrations at startup when MIGRATE_ON_START
// is set; production runs them from the deploy pipeline instead.
func Migrate(lc fx.Lifecycle, db *gorm.DB) {
	if os.Getenv("MIGRATE_ON_START") == "" {
		return
	}
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		slog.Info("running migrations")
		return database.Migrate(ctx, db)
	}})
}

// Partners provides the outbound partner clients.
var Partners = fx.Module("partners",
	fx.Provide(
		func(cfg *config.Config, log partner.AttemptLog) *fuelsupplier.Client {
			return fuelsupplier.New(fuelsupplier.Options{
				BaseURL: cfg.FuelSupplierBaseURL,
				APIKey:  cfg.FuelSupplierAPIKey,
				Timeout: cfg.PartnerTimeout,
				Caller:  &partner.Caller{Partner: "fuel-supplier", Policy: partner.DefaultPolicy(cfg.PartnerAttempts), Log: log},
			})
		},
		func(cfg *config.Config, log partner.AttemptLog) *deicevendor.Client {
			caller := &partner.Caller{Partner: "deice-vendor", Policy: partner.DefaultPolicy(cfg.PartnerAttempts), Log: log}
			return deicevendor.New(cfg.DeiceVendorBaseURL, cfg.DeiceVendorToken, cfg.PartnerTimeout, caller)
		},
		func(cfg *config.Config, log partner.AttemptLog) *pager.Client {
			caller := &partner.Caller{Partner: "sms-gateway", Policy: partner.DefaultPolicy(2), Log: log}
			return pager.New(cfg.PagerBaseURL, cfg.PagerAPIKey, cfg.PartnerTimeout, caller)
		},
		func(cfg *config.Config) *payments.StripeGateway {
			return payments.NewStripeGateway(cfg.StripeSecretKey, cfg.StripeWebhookSecret)
		},
	),
)

// Services provides the domain services with their interface bindings.
var Services = fx.Module("services",
	fx.Provide(
		turnaround.NewStore,
		newTurnaroundService,
		func(db *gorm.DB, uow database.UnitOfWork, p *pager.Client) *crew.Service {
			return crew.NewService(db, uow, p)
		},
		newTaskService,
		func(db *gorm.DB, uow database.UnitOfWork, q jobs.Queue, c *fuelsupplier.Client, r pricing.RateBook) *fuel.Service {
			return fuel.NewService(db, uow, q, c, r)
		},
		func(db *gorm.DB, uow database.UnitOfWork, q jobs.Queue, c *deicevendor.Client) *deicing.Service {
			return deicing.NewService(db, uow, q, c)
		},
		func(db *gorm.DB, uow database.UnitOfWork, gw *payments.StripeGateway, r pricing.RateBook) *adhoc.Service {
			return adhoc.NewService(db, uow, gw, r)
		},
	),
)

func newTurnaroundService(cfg *config.Config, uow database.UnitOfWork, store *turnaround.Store,
	rates pricing.RateBook, q jobs.Queue, c *crew.Service) *turnaround.Service {
	return turnaround.NewService(turnaround.Params{
		UoW:     uow,
		Store:   store,
		Rates:   rates,
		Queue:   q,
		Crew:    c,
		Station: cfg.HomeStation,
	})
}

// newTaskService wires the completion hooks of the packages that own task
// kinds.
func newTaskService(db *gorm.DB, uow database.UnitOfWork, rates pricing.RateBook, d *deicing.Service) *tasks.Service {
	svc := tasks.NewService(db, uow, rates)
	svc.OnComplete(deicing.TaskKind, d.OnTaskComplete)
	return svc
}
