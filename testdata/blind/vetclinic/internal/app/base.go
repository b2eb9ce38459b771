// Package app wires the service together with fx. Each binary in cmd/
// composes the modules it needs.
package app

import (
	"context"
	"log/slog"
	"os"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/adapters/postgres"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/core/services"
	"github.com/pawpath/vetclinic/internal/platform/config"
)

// Base provides configuration, logging, the database and transactions.
var Base = fx.Module("base",
	fx.Provide(
		config.Load,
		newLogger,
		newDB,
		postgres.NewStore,
		fx.Annotate(postgres.NewTxManager, fx.As(new(ports.TxRunner))),
		newSettings,
	),
)

func newLogger() *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})
	l := slog.New(h)
	slog.SetDefault(l)
	return l
}

func newDB(lc fx.Lifecycle, cfg config.Config) (*sqlx.DB, error) {
	db, err := postgres.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(db.Close))
	return db, nil
}

func newSettings(cfg config.Config, log *slog.Logger) services.Settings {
	return services.Settings{Currency: cfg.DefaultCurrency, Logger: log}
}

// Repositories binds the postgres adapters to the storage ports.
var Repositories = fx.Module("repositories",
	fx.Provide(
		fx.Annotate(postgres.NewClinicRepo, fx.As(new(ports.ClinicRepository))),
		fx.Annotate(postgres.NewOwnerRepo, fx.As(new(ports.OwnerRepository))),
		fx.Annotate(postgres.NewPetRepo, fx.As(new(ports.PetRepository))),
		fx.Annotate(postgres.NewAppointmentRepo, fx.As(new(ports.AppointmentRepository))),
		fx.Annotate(postgres.NewDepositRepo, fx.As(new(ports.DepositRepository))),
		fx.Annotate(postgres.NewReminderRepo, fx.As(new(ports.ReminderRepository))),
		fx.Annotate(postgres.NewInvoiceRepo, fx.As(new(ports.InvoiceRepository))),
		fx.Annotate(postgres.NewPaymentRepo, fx.As(new(ports.PaymentRepository))),
		fx.Annotate(postgres.NewSettlementRepo, fx.As(new(ports.SettlementRepository))),
		fx.Annotate(postgres.NewLabRepo, fx.As(new(ports.LabRepository))),
		fx.Annotate(postgres.NewPrescriptionRepo, fx.As(new(ports.PrescriptionRepository))),
		fx.Annotate(postgres.NewRefillRepo, fx.As(new(ports.RefillRepository))),
		fx.Annotate(postgres.NewNotificationRepo, fx.As(new(ports.NotificationRepository))),
		fx.Annotate(postgres.NewWalletRepo, fx.As(new(ports.WalletRepository))),
		fx.Annotate(postgres.NewIdempotencyRepo, fx.As(new(ports.IdempotencyStore))),
		fx.Annotate(postgres.NewInbox, fx.As(new(ports.EventInbox))),
	),
)

// Services provides the use-case services.
var Services = fx.Module("services",
	fx.Provide(
		services.NewOwnerService,
		services.NewAppointmentService,
		services.NewCheckoutService,
		services.NewBillingService,
		services.NewLoyaltyService,
		services.NewLabService,
		services.NewRefillService,
		services.NewReminderService,
		services.NewSettlementService,
		services.NewDunningService,
	),
)
