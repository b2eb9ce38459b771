// Package app holds the fx modules shared by the binaries: configuration,
// database, repositories, provider clients and services.
package app

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/kickvolt/ridecore/internal/config"
	"github.com/kickvolt/ridecore/internal/fleetgw"
	"github.com/kickvolt/ridecore/internal/jobs/queue"
	"github.com/kickvolt/ridecore/internal/notify/sms"
	"github.com/kickvolt/ridecore/internal/payments"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/regulator"
	"github.com/kickvolt/ridecore/internal/service/billing"
	"github.com/kickvolt/ridecore/internal/service/fines"
	"github.com/kickvolt/ridecore/internal/service/passes"
	"github.com/kickvolt/ridecore/internal/service/reporting"
	"github.com/kickvolt/ridecore/internal/service/rides"
	"github.com/kickvolt/ridecore/internal/service/swaps"
	"github.com/kickvolt/ridecore/internal/store"
)

// Core provides configuration, logging, the pool and the repositories.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		NewLogger,
		NewPool,
		pgstore.New,
		fx.Annotate(func(db *pgstore.DB) *pgstore.DB { return db }, fx.As(new(pgstore.Transactor))),
		store.NewRepos,
		NewZoneLocation,
	),
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
		return &fxevent.SlogLogger{Logger: log.With("component", "fx")}
	}),
)

// Providers builds the clients for the outside world.
var Providers = fx.Module("providers",
	fx.Provide(
		func(cfg *config.Config) *payments.Stripe {
			return payments.NewStripe(cfg.StripeSecretKey, cfg.Currency)
		},
		func(cfg *config.Config) *regulator.Client {
			return regulator.New(cfg.RegulatorBaseURL,
				regulator.WithToken(cfg.RegulatorToken),
				regulator.WithProviderID("kickvolt"),
				regulator.WithTimeout(30*time.Second),
			)
		},
		func(cfg *config.Config) *sms.Client {
			return sms.New(sms.Config{BaseURL: cfg.SMSBaseURL, APIKey: cfg.SMSAPIKey, SenderID: cfg.SMSSenderID})
		},
		func(cfg *config.Config) *fleetgw.Gateway {
			return fleetgw.New(cfg.GatewayBaseURL, cfg.GatewayAPIKey)
		},
	),
)

// Services builds the domain services on the repositories and providers.
// It expects a *queue.Queue from the binary.
var Services = fx.Module("services",
	fx.Provide(
		func(db *pgstore.DB, r *store.Repos, gw *fleetgw.Gateway, q *queue.Queue, log *slog.Logger) *rides.Service {
			return rides.New(db, r.Rides, r.Scooters, gw, q, log.With("svc", "rides"))
		},
		func(r *store.Repos, st *payments.Stripe, log *slog.Logger) *passes.Service {
			return passes.New(passes.Deps{
				Passes: r.Passes, Riders: r.Riders, Charger: st,
				Keys: r.Idempotency, Log: log.With("svc", "passes"),
			})
		},
		func(db *pgstore.DB, r *store.Repos, text *sms.Client, q *queue.Queue, cfg *config.Config, log *slog.Logger) *fines.Service {
			return fines.New(db, r.Fines, r.Rides, r.Riders, text, q, fines.Policy{
				ParkingFineCents:  cfg.ParkingFineCents,
				AdminFeeCents:     150,
				AttributionWindow: 30 * time.Minute,
			}, log.With("svc", "fines"))
		},
		func(db *pgstore.DB, r *store.Repos, st *payments.Stripe, cfg *config.Config, log *slog.Logger) *billing.Service {
			return billing.New(db, r.Rides, r.Riders, r.Passes, r.Charges, r.Fines, st,
				billing.Config{Tariff: billing.DefaultTariff, Currency: cfg.Currency}, log.With("svc", "billing"))
		},
		func(db *pgstore.DB, r *store.Repos, log *slog.Logger) *swaps.Service {
			return swaps.New(db, r.Swaps, r.Scooters, log.With("svc", "swaps"))
		},
		func(db *pgstore.DB, r *store.Repos, reg *regulator.Client, loc *time.Location, log *slog.Logger) *reporting.Service {
			return reporting.New(db, r.Reports, r.Rides, reg.SubmitTrips, loc, log.With("svc", "reporting"))
		},
	),
)

// NewLogger returns the JSON logger every component shares.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewPool opens the pgx pool and closes it on shutdown.
func NewPool(lc fx.Lifecycle, cfg *config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pcfg.MaxConns = 20
	pcfg.MaxConnIdleTime = 5 * time.Minute
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

// NewZoneLocation is the operating city's time zone; service days and trip
// reports are cut at local midnight.
func NewZoneLocation() (*time.Location, error) {
	return time.LoadLocation("Europe/Berlin")
}

// NewInsertOnlyRiver builds a river client that only inserts jobs; the API
// uses it, and so does the worker for jobs enqueued by services.
func NewInsertOnlyRiver(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log.With("component", "river")})
}
