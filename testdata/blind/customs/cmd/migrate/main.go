// Command migrate applies the embedded database migrations and exits.
package main

import (
	"context"
	"log/slog"
	"os"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/platform"
	"github.com/harborline/brokerage/internal/platform/migrations"
)

func main() {
	app := fx.New(
		platform.Module,
		fx.NopLogger,
		fx.Invoke(func(db *gorm.DB, log *slog.Logger, sd fx.Shutdowner) error {
			if err := migrations.Up(db); err != nil {
				return err
			}
			log.Info("migrations applied")
			return sd.Shutdown()
		}),
	)
	if err := app.Start(context.Background()); err != nil {
		slog.Error("migrate failed", "err", err)
		os.Exit(1)
	}
	<-app.Done()
	_ = app.Stop(context.Background())
}
