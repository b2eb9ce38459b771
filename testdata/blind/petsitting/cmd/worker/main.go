// Command worker runs the River job workers: deposit captures and refunds,
// weekly sitter payouts, and SMS reminders.
package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/pawtrail-labs/pawtrail/internal/config"
	"github.com/pawtrail-labs/pawtrail/internal/jobs"
	"github.com/pawtrail-labs/pawtrail/internal/notify"
	"github.com/pawtrail-labs/pawtrail/internal/payments"
	"github.com/pawtrail-labs/pawtrail/internal/payouts"
	"github.com/pawtrail-labs/pawtrail/internal/pg"
	"github.com/pawtrail-labs/pawtrail/internal/reminders"
	"github.com/pawtrail-labs/pawtrail/internal/sms"
	"github.com/pawtrail-labs/pawtrail/internal/store"
	"github.com/pawtrail-labs/pawtrail/internal/stripegw"
	"github.com/pawtrail-labs/pawtrail/internal/worker"
)

func main() {
	fx.New(
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger { return &fxevent.SlogLogger{Logger: log} }),
		fx.Provide(
			config.Load,
			newLogger,
			newPool,
			pg.NewUnitOfWork,

			store.NewBookingRepo,
			store.NewDepositRepo,
			store.NewRefundRepo,
			store.NewTipRepo,
			store.NewLedgerRepo,
			store.NewSMSRepo,

			stripegw.NewClient,
			stripegw.New,
			sms.NewClient,
			func(c *sms.Client, r *store.SMSRepo, log *slog.Logger) *notify.Notifier {
				return notify.New(c, r, notify.Options{Logger: log})
			},

			newPayments,
			newPayoutSweeper,
			func(l *store.LedgerRepo, b *store.BookingRepo, gw *stripegw.Gateway) *payouts.Payer {
				return payouts.NewPayer(l, b, gw)
			},
			func(b *store.BookingRepo, cfg config.Config) *reminders.Sweeper {
				return reminders.NewSweeper(b, jobs.ContextClient{}, cfg.ReminderLeadTime)
			},
			func(b *store.BookingRepo, n *notify.Notifier) *reminders.Sender {
				return reminders.NewSender(b, n)
			},

			newWorkerDeps,
			worker.NewWorkers,
			newRiverClient,
		),
		fx.Invoke(migrate, runRiver),
	).Run()
}

func newLogger() *slog.Logger {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)
	return log
}

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	pool, err := pg.NewPool(ctx, cfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

func newPayments(gw *stripegw.Gateway, b *store.BookingRepo, d *store.DepositRepo, r *store.RefundRepo,
	t *store.TipRepo, l *store.LedgerRepo, uow *pg.UnitOfWork, cfg config.Config, log *slog.Logger) *payments.Service {
	return payments.NewService(payments.Options{
		Gateway:  gw,
		Bookings: b,
		Deposits: d,
		Refunds:  r,
		Tips:     t,
		Ledger:   l,
		Tx:       uow,
		Fees:     payments.FeeSchedule{PlatformBps: cfg.PlatformFeeBps},
		Logger:   log,
	})
}

func newPayoutSweeper(l *store.LedgerRepo, uow *pg.UnitOfWork, log *slog.Logger) *payouts.Sweeper {
	return payouts.NewSweeper(l, uow, jobs.ContextClient{}, payouts.SweeperConfig{
		NewID:        func() string { return "po_" + uuid.NewString() },
		MinimumCents: 1000,
		Currency:     "usd",
		Logger:       log,
	})
}

func newWorkerDeps(cfg config.Config, p *payments.Service, ps *payouts.Sweeper, payer *payouts.Payer,
	rs *reminders.Sweeper, sender *reminders.Sender, log *slog.Logger) worker.Deps {
	return worker.Deps{
		Payments:       p,
		PayoutSweeper:  ps,
		Payer:          payer,
		ReminderSweep:  rs,
		Messages:       sender,
		Logger:         log,
		ReminderPeriod: cfg.ReminderSweepEvery,
		PayoutDay:      cfg.PayoutWeekday,
		PayoutHour:     cfg.PayoutHourUTC,
	}
}

func newRiverClient(pool *pgxpool.Pool, workers *river.Workers, d worker.Deps, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:       worker.Queues(),
		Workers:      workers,
		PeriodicJobs: worker.PeriodicJobs(d),
		Logger:       log,
		MaxAttempts:  10,
		JobTimeout:   time.Minute,
	})
}

// migrate applies River's own schema and then ours before the client
// starts fetching jobs.
func migrate(cfg config.Config, pool *pgxpool.Pool, log *slog.Logger) error {
	if os.Getenv("SKIP_MIGRATIONS") != "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return err
	}
	if err := pg.MigrateUp(cfg.DatabaseURL); err != nil {
		return err
	}
	log.Info("migrations applied")
	return nil
}

func runRiver(lc fx.Lifecycle, client *river.Client[pgx.Tx]) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			// River's Start context governs the client's lifetime, so it must
			// outlive the fx start timeout.
			return client.Start(context.Background())
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
}
