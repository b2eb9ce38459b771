// Package app holds the fx modules shared by the binaries.
package app

import (
	"context"
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/lingua/academy/internal/billing"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/db"
	"github.com/lingua/academy/internal/docsvc"
	"github.com/lingua/academy/internal/examcentre"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/notify/email"
	"github.com/lingua/academy/internal/notify/sms"
	"github.com/lingua/academy/internal/payroll"
	"github.com/lingua/academy/internal/payrollprovider"
	"github.com/lingua/academy/internal/placement"
	"github.com/lingua/academy/internal/store"
	"github.com/lingua/academy/internal/visa"
)

// Core provides configuration, logging, the database and the job client.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		newLogger,
		newPool,
		store.New,
		newRiverInsertClient,
		jobs.NewEnqueuer,
	),
)

// Providers provides the outbound provider clients behind the interfaces
// the services depend on.
var Providers = fx.Module("providers",
	fx.Provide(
		newPaymentGateway,
		newSeatBooker,
		newPayrollProvider,
		newLetterRequester,
		newNotifier,
	),
)

func newLogger(cfg config.Config) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).
		With("service", cfg.ServiceName)
}

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pool, err := db.NewPool(context.Background(), cfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

func newRiverInsertClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return jobs.NewInsertOnlyClient(pool, log)
}

func newPaymentGateway(cfg config.Config) billing.PaymentGateway {
	return billing.NewStripeGateway(stripe.NewClient(cfg.StripeSecretKey))
}

func newSeatBooker(cfg config.Config) placement.SeatBooker {
	return examcentre.New(cfg.ExamCentreBaseURL, cfg.ExamCentreAPIKey, cfg.ExamCentreCode)
}

func newPayrollProvider(cfg config.Config) payroll.Provider {
	return payrollprovider.New(cfg.PayrollBaseURL, cfg.PayrollAPIKey, cfg.PayrollMaxElapsed)
}

func newLetterRequester(cfg config.Config) visa.LetterRequester {
	return docsvc.New(cfg.DocServiceBaseURL, cfg.DocServiceToken)
}

func newNotifier(cfg config.Config, log *slog.Logger) notify.Notifier {
	smsClient := sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSenderID)
	emailClient := email.New(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom)
	return notify.Logged(notify.New(smsClient, emailClient, ""), log)
}
