package app

import (
	"log/slog"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/lingua/academy/internal/billing"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/corporate"
	"github.com/lingua/academy/internal/enrolment"
	"github.com/lingua/academy/internal/instalments"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/payroll"
	"github.com/lingua/academy/internal/placement"
	"github.com/lingua/academy/internal/refunds"
	"github.com/lingua/academy/internal/rooms"
	"github.com/lingua/academy/internal/store"
	"github.com/lingua/academy/internal/visa"
)

// Services provides the domain services.
var Services = fx.Module("services",
	fx.Provide(
		enrolment.NewService,
		instalments.NewCollector,
		newReminder,
		placement.NewService,
		rooms.NewService,
		refunds.NewService,
		newVisaService,
		payroll.NewService,
		payroll.NewPayslipMailer,
		newStripeWebhooks,
	),
)

// Corporate provides the gorm-backed corporate invoicing service.
var Corporate = fx.Module("corporate",
	fx.Provide(
		newGormDB,
		corporate.NewService,
	),
)

func newReminder(st store.Store, n notify.Notifier, cfg config.Config, log *slog.Logger) *instalments.Reminder {
	return instalments.NewReminder(st, n, cfg.SchoolName, log)
}

func newVisaService(st store.Store, docs visa.LetterRequester, enq jobs.Enqueuer, n notify.Notifier,
	cfg config.Config, log *slog.Logger) *visa.Service {
	return visa.NewService(st, docs, enq, n, cfg.VisaCallbackQueue, cfg.SchoolName, log)
}

func newStripeWebhooks(st store.Store, enq jobs.Enqueuer, cfg config.Config, log *slog.Logger) *billing.WebhookProcessor {
	return billing.NewWebhookProcessor(st, enq, cfg.StripeWebhookSecret, log)
}

func newGormDB(lc fx.Lifecycle, cfg config.Config) (*gorm.DB, error) {
	gdb, err := corporate.NewDB(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(func() error {
		sqlDB, err := gdb.DB()
		if err != nil {
			return err
		}
		return sqlDB.Close()
	}))
	return gdb, nil
}
