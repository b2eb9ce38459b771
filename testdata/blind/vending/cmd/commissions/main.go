// Command commissions settles site hosts' monthly commission: it builds
// each host's statement for the previous month, emails it and pays it out.
// It is run by a Kubernetes CronJob on the 3rd of every month and can be
// re-run for a given month with -period.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/adapters/postgres"
	"github.com/vendgrid/fleetops/internal/adapters/providers"
	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/logging"
)

type options struct {
	period      domain.Period
	maxAttempts int
	baseDelay   time.Duration
}

func parseFlags(now time.Time) (options, error) {
	var (
		period   = flag.String("period", "", "month to settle, YYYY-MM (default: previous month)")
		attempts = flag.Int("attempts", 4, "attempts per host")
		delay    = flag.Duration("retry-delay", 5*time.Second, "initial delay between attempts")
	)
	flag.Parse()
	o := options{period: domain.PreviousMonth(now), maxAttempts: *attempts, baseDelay: *delay}
	if *period != "" {
		t, err := time.Parse("2006-01", *period)
		if err != nil {
			return o, fmt.Errorf("bad -period: %w", err)
		}
		o.period = domain.MonthOf(t)
	}
	if o.maxAttempts < 1 {
		o.maxAttempts = 1
	}
	return o, nil
}

func main() {
	opts, err := parseFlags(time.Now().UTC())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}

	fxApp := fx.New(
		config.Module("commissions"),
		logging.Module,
		postgres.Module,
		providers.Payouts,
		providers.Mail,
		fx.Supply(opts),
		fx.Provide(
			func() app.Clock { return app.SystemClock{} },
			func(c config.Config) app.CommissionConfig { return app.CommissionConfig{Currency: c.Currency} },
			app.NewCommissionService,
		),
		fx.Invoke(register),
	)
	fxApp.Run()
	os.Exit(exitCode)
}

var exitCode int

func register(lc fx.Lifecycle, sd fx.Shutdowner, svc *app.CommissionService, opts options, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := runSettlement(ctx, svc, opts, log); err != nil {
					log.Error("settlement finished with failures", "period", opts.period.Label(), "err", err)
					exitCode = 1
				}
				_ = sd.Shutdown()
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return nil
		},
	})
}
