// Command billing-run writes the daily statements for one service date and
// exits. It is scheduled nightly at 02:30 UTC by a Kubernetes CronJob
// (backoffLimit 3), so a failed run is started again from the top.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/app"
	"github.com/apronworks/groundops/internal/billing"
	"github.com/apronworks/groundops/internal/platform/database"
)

func main() {
	dateFlag := flag.String("date", "", "service date to bill (YYYY-MM-DD); defaults to yesterday UTC")
	timeout := flag.Duration("timeout", 45*time.Minute, "overall deadline for the run")
	flag.Parse()

	day := time.Now().UTC().AddDate(0, 0, -1)
	if *dateFlag != "" {
		d, err := time.Parse(time.DateOnly, *dateFlag)
		if err != nil {
			slog.Error("bad -date", "err", err)
			os.Exit(2)
		}
		day = d
	}

	var runner *billing.Runner
	fxApp := fx.New(
		app.Core,
		fx.Provide(func(db *gorm.DB, uow database.UnitOfWork) *billing.Runner {
			return billing.NewRunner(db, uow)
		}),
		fx.Populate(&runner),
		fx.NopLogger,
	)
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	if err := fxApp.Start(ctx); err != nil {
		slog.Error("startup failed", "err", err)
		os.Exit(1)
	}
	sum, err := runner.Run(ctx, day)
	stopErr := fxApp.Stop(context.Background())
	if err != nil {
		slog.Error("billing run failed", "date", day.Format(time.DateOnly), "err", err)
		os.Exit(1)
	}
	if stopErr != nil {
		slog.Warn("shutdown", "err", stopErr)
	}
	slog.Info("billing run complete",
		"date", sum.ServiceDate.Format(time.DateOnly),
		"statements", sum.Statements,
		"total_cents", sum.TotalCents,
		"adjustments", sum.Adjustments)
}
