// Package platform is the fx wiring shared by the API and worker binaries:
// configuration, the database, providers, repositories and services.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/kestrelvet/refillrx/internal/config"
	"github.com/kestrelvet/refillrx/internal/controlled"
	"github.com/kestrelvet/refillrx/internal/courier"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/fulfilment"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/notify"
	"github.com/kestrelvet/refillrx/internal/notify/email"
	"github.com/kestrelvet/refillrx/internal/notify/sms"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/payments"
	"github.com/kestrelvet/refillrx/internal/queue"
	"github.com/kestrelvet/refillrx/internal/refills"
	"github.com/kestrelvet/refillrx/internal/regulator"
	"github.com/kestrelvet/refillrx/internal/repo"
	"github.com/kestrelvet/refillrx/internal/shipping"
	"github.com/kestrelvet/refillrx/internal/store"
	"github.com/kestrelvet/refillrx/internal/webhooks"
)

var Module = fx.Options(
	fx.Provide(
		config.Load,
		newLogger,
		newPool,
		store.New,
		newInsertOnlyRiver,
		fx.Annotate(queue.New, fx.As(new(queue.Enqueuer))),
	),
	Repositories,
	Providers,
	Services,
)

var Repositories = fx.Provide(
	repo.NewRefills,
	repo.NewPrescriptions,
	repo.NewOrders,
	repo.NewPayments,
	repo.NewEvents,
	repo.NewFulfilment,
	repo.NewControlled,
	repo.NewNotifications,
	repo.NewIdempotencyKeys,
)

var Providers = fx.Provide(
	func(cfg config.Config) *stripe.Client { return stripe.NewClient(cfg.StripeSecretKey) },
	fx.Annotate(payments.NewStripeGateway, fx.As(new(payments.Gateway))),
	newCourier,
	func(cfg config.Config) *regulator.Client {
		return regulator.New(regulator.Config{
			BaseURL: cfg.RegulatorBaseURL, ClientID: cfg.RegulatorClientID,
			Token: cfg.RegulatorToken, PremisesID: cfg.PharmacyPremisesID,
		})
	},
	func(cfg config.Config) *sms.Client {
		return sms.New(cfg.SMSBaseURL, cfg.SMSAccountSID, cfg.SMSAuthToken, cfg.SMSFrom)
	},
	func(cfg config.Config) *email.Client {
		return email.New(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom)
	},
)

var Services = fx.Provide(
	func(r *repo.Notifications, q queue.Enqueuer) *notify.Scheduler { return notify.NewScheduler(r, q) },
	func(r *repo.Notifications, t *sms.Client, m *email.Client) *notify.Dispatcher {
		return notify.NewDispatcher(r, t, m)
	},
	func(st *store.Store, o *repo.Orders, p *repo.Payments, gw payments.Gateway) *orders.Service {
		return orders.NewService(st, o, p, gw)
	},
	func(st *store.Store, r *repo.Refills, rx *repo.Prescriptions, o *repo.Orders, os *orders.Service, n *notify.Scheduler) *refills.Service {
		return refills.NewService(refills.Deps{Tx: st, Refills: r, Rx: rx, Owners: o, Orders: os, Notifier: n})
	},
	func(rx *repo.Prescriptions, t *sms.Client, log *slog.Logger) *refills.Reminders {
		return refills.NewReminders(rx, t, log)
	},
	func(st *store.Store, o *repo.Orders, f *repo.Fulfilment, log *slog.Logger) *fulfilment.Picker {
		return fulfilment.NewPicker(st, o, f, log)
	},
	func(st *store.Store, o *repo.Orders, c *repo.Controlled, rx *repo.Prescriptions, q queue.Enqueuer) *fulfilment.Dispenser {
		return fulfilment.NewDispenser(st, o, c, rx, q)
	},
	func(st *store.Store, f *repo.Fulfilment, o *repo.Orders, c courier.API, q queue.Enqueuer, n *notify.Scheduler) *shipping.Service {
		return shipping.NewService(shipping.Deps{Tx: st, Shipments: f, Orders: o, Courier: c, Queue: q, Notifier: n})
	},
	func(cfg config.Config, c *repo.Controlled, o *repo.Orders, rx *repo.Prescriptions, cdr *regulator.Client) *controlled.Reporter {
		return controlled.NewReporter(c, o, rx, cdr, cfg.PharmacyPremisesID)
	},
	func(c *repo.Controlled, log *slog.Logger) *controlled.StockCount {
		return controlled.NewStockCount(c, log)
	},
	func(st *store.Store, ev *repo.Events, p *repo.Payments, o *repo.Orders, q queue.Enqueuer, log *slog.Logger) *webhooks.StripeEvents {
		return webhooks.NewStripeEvents(st, ev, p, o, q, log)
	},
	func(st *store.Store, rx *repo.Prescriptions) *webhooks.ClinicFeed {
		return webhooks.NewClinicFeed(st, rx)
	},
)

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pcfg.MaxConnLifetime = 30 * time.Minute
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop:  func(context.Context) error { pool.Close(); return nil },
	})
	return pool, nil
}

// newInsertOnlyRiver builds a river client that only inserts jobs. Both
// binaries enqueue through it; cmd/worker runs a separate working client.
func newInsertOnlyRiver(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

// newCourier builds the ParcelWing client wrapped in the call log. The log
// writes through the pool, not the caller's transaction, so a row survives
// even when the caller rolls back.
func newCourier(cfg config.Config, pool *pgxpool.Pool, log *slog.Logger) courier.API {
	client := courier.New(
		courier.WithBaseURL(cfg.CourierBaseURL),
		courier.WithAPIKey(cfg.CourierAPIKey),
		courier.WithTimeout(25*time.Second),
	)
	q := db.New(pool)
	return courier.WithCallLog(client, func(ctx context.Context, rec courier.CallRecord) {
		p := db.InsertCourierCallParams{
			ID:         ids.New(ids.CallLog),
			Operation:  rec.Operation,
			DurationMs: int32(rec.Duration / time.Millisecond),
		}
		if rec.RequestKey != "" {
			p.RequestKey = &rec.RequestKey
		}
		if rec.StatusCode != 0 {
			code := int32(rec.StatusCode)
			p.StatusCode = &code
		}
		if rec.Err != nil {
			msg := rec.Err.Error()
			p.Error = &msg
		}
		if err := q.InsertCourierCall(context.WithoutCancel(ctx), p); err != nil {
			log.WarnContext(ctx, "courier call log", "err", err)
		}
	})
}
