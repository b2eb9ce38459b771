// Command api serves the Pawtrail owner/sitter API and provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/pawtrail-labs/pawtrail/internal/api"
	"github.com/pawtrail-labs/pawtrail/internal/booking"
	"github.com/pawtrail-labs/pawtrail/internal/checkins"
	"github.com/pawtrail-labs/pawtrail/internal/config"
	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/jobs"
	"github.com/pawtrail-labs/pawtrail/internal/lockbox"
	"github.com/pawtrail-labs/pawtrail/internal/notify"
	"github.com/pawtrail-labs/pawtrail/internal/payments"
	"github.com/pawtrail-labs/pawtrail/internal/pg"
	"github.com/pawtrail-labs/pawtrail/internal/reviews"
	"github.com/pawtrail-labs/pawtrail/internal/sms"
	"github.com/pawtrail-labs/pawtrail/internal/store"
	"github.com/pawtrail-labs/pawtrail/internal/stripegw"
	"github.com/pawtrail-labs/pawtrail/internal/webhooks"
)

func main() {
	fx.New(
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger { return &fxevent.SlogLogger{Logger: log} }),
		fx.Provide(
			config.Load,
			newLogger,
			newPool,
			pg.NewUnitOfWork,
			newRiverClient,
		),
		repositories,
		providers,
		services,
		httpLayer,
		fx.Invoke(serveHTTP),
	).Run()
}

var repositories = fx.Module("repositories",
	fx.Provide(
		store.NewBookingRepo,
		store.NewDepositRepo,
		store.NewRefundRepo,
		store.NewTipRepo,
		store.NewLedgerRepo,
		store.NewStripeEventRepo,
		store.NewCheckinRepo,
		store.NewReviewRepo,
		store.NewSMSRepo,
		store.NewPartnerRepo,
		fx.Annotate(store.NewResponseRepo, fx.As(new(httpx.ResponseStore))),
	),
)

var providers = fx.Module("providers",
	fx.Provide(
		stripegw.NewClient,
		stripegw.New,
		sms.NewClient,
		lockbox.NewClient,
		newNotifier,
		func(cfg config.Config) payments.FeeSchedule {
			return payments.FeeSchedule{PlatformBps: cfg.PlatformFeeBps}
		},
	),
)

var services = fx.Module("services",
	fx.Provide(
		func(b *store.BookingRepo, d *store.DepositRepo, r *store.RefundRepo, lb *lockbox.Client,
			uow *pg.UnitOfWork, rc *river.Client[pgx.Tx], log *slog.Logger) *booking.Service {
			return booking.NewService(booking.Deps{
				Bookings: b, Deposits: d, Refunds: r, Locks: lb, Tx: uow, Jobs: rc, Logger: log,
			})
		},
		func(gw *stripegw.Gateway, b *store.BookingRepo, d *store.DepositRepo, r *store.RefundRepo,
			t *store.TipRepo, l *store.LedgerRepo, uow *pg.UnitOfWork, fees payments.FeeSchedule, log *slog.Logger) *payments.Service {
			return payments.NewService(payments.Options{
				Gateway: gw, Bookings: b, Deposits: d, Refunds: r, Tips: t, Ledger: l, Tx: uow, Fees: fees, Logger: log,
			})
		},
		func(c *store.CheckinRepo, b *store.BookingRepo, uow *pg.UnitOfWork, rc *river.Client[pgx.Tx]) *checkins.Service {
			return checkins.NewService(c, b, uow, rc)
		},
		func(r *store.ReviewRepo, b *store.BookingRepo, uow *pg.UnitOfWork) *reviews.Service {
			return reviews.NewService(r, b, uow)
		},
	),
)

var httpLayer = fx.Module("http",
	fx.Provide(
		fx.Annotate(api.NewBookingHandlers,
			fx.From(new(*booking.Service), new(*payments.Service))),
		fx.Annotate(api.NewActivityHandlers,
			fx.From(new(*booking.Service), new(*checkins.Service), new(*reviews.Service), new(*notify.Notifier))),
		func(ev *store.StripeEventRepo, d *store.DepositRepo, b *store.BookingRepo, l *store.LedgerRepo,
			uow *pg.UnitOfWork, fees payments.FeeSchedule, gw *stripegw.Gateway, log *slog.Logger) *webhooks.StripeHandler {
			proc := webhooks.NewStripeProcessor(ev, d, b, l, uow, fees, log)
			return webhooks.NewStripeHandler(gw, proc)
		},
		func(r *store.SMSRepo, cfg config.Config) *webhooks.SMSHandler {
			return webhooks.NewSMSHandler(r, cfg.SMSWebhookSecret)
		},
		func(lb *lockbox.Client, b *store.BookingRepo, p *store.PartnerRepo, uow *pg.UnitOfWork) *webhooks.LockboxHandler {
			return webhooks.NewLockboxHandler(lb, b, p, uow)
		},
		func(bh *api.BookingHandlers, ah *api.ActivityHandlers, rs httpx.ResponseStore,
			sh *webhooks.StripeHandler, mh *webhooks.SMSHandler, lh *webhooks.LockboxHandler) http.Handler {
			return api.NewRouter(api.RouterParams{
				Bookings: bh, Activity: ah, Responses: rs, Stripe: sh, SMS: mh, Lockbox: lh,
			})
		},
	),
)

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

// newRiverClient builds an insert-only client: the API enqueues jobs but
// never works them.
func newRiverClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

func newNotifier(c *sms.Client, r *store.SMSRepo, log *slog.Logger) *notify.Notifier {
	return notify.New(c, r, notify.Options{Logger: log})
}

var _ jobs.TxInserter = (*river.Client[pgx.Tx])(nil)

func serveHTTP(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("http listening", "addr", srv.Addr)
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
