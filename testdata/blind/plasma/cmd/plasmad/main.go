// Command plasmad runs the PlasmaOps back end: the staff gRPC API, the
// partner webhook receiver and the River job workers, in one process.
package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/veinline/plasmaops/internal/compensation"
	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/donation"
	"github.com/veinline/plasmaops/internal/donor"
	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/lab"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
	"github.com/veinline/plasmaops/internal/platform/httpx"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/platform/webhook"
	"github.com/veinline/plasmaops/internal/providers/cardissuer"
	"github.com/veinline/plasmaops/internal/providers/fractionator"
	"github.com/veinline/plasmaops/internal/providers/labpartner"
	"github.com/veinline/plasmaops/internal/providers/sms"
	"github.com/veinline/plasmaops/internal/quarantine"
	"github.com/veinline/plasmaops/internal/scheduling"
)

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newTokenVerifier(now clock.Now) grpcx.TokenVerifier {
	return grpcx.HMACVerifier{Secret: []byte(os.Getenv("STAFF_TOKEN_SECRET")), Now: now}
}

// migrate runs before any server starts: fx runs OnStart hooks in the
// order they were appended, and this Invoke is registered first.
func migrate(lc fx.Lifecycle, pool *pgxpool.Pool, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
			defer cancel()
			return pgstore.Migrate(ctx, pool, log)
		},
	})
}

var platform = fx.Options(
	fx.Provide(
		config.Load,
		newLogger,
		clock.System,
		func() ids.Generator { return ids.NewULID() },
		newTokenVerifier,
		webhook.NewInbox,
	),
	pgstore.Module,
	fx.Invoke(migrate),
)

var providers = fx.Provide(
	cardissuer.New,
	labpartner.New,
	fractionator.New,
	sms.New,
	func(c *sms.Client) sms.Sender { return c },
)

// options is the whole application graph.
func options() fx.Option {
	return fx.Options(
		platform,
		providers,
		jobs.Module,
		grpcx.Module,
		httpx.Module,

		donor.Module,
		scheduling.Module,
		donation.Module,
		compensation.Module,
		lab.Module,
		quarantine.Module,

		fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
			return &fxevent.SlogLogger{Logger: log}
		}),
		fx.StartTimeout(3*time.Minute),
	)
}

func main() {
	fx.New(options()).Run()
}
