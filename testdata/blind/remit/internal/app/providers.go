// Package app holds the dig providers shared by the binaries in cmd/.
package app

import (
	"log/slog"
	"os"

	"go.uber.org/dig"

	"github.com/sendhome/remit/internal/callbacks"
	"github.com/sendhome/remit/internal/compliance"
	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/disburse"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/payout"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/platform/redisx"
	"github.com/sendhome/remit/internal/settlement"
)

func NewLogger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// Provide registers infrastructure and the services both binaries use.
func Provide(c *dig.Container) error {
	for _, ctor := range []any{
		config.Load,
		NewLogger,
		db.NewPool,
		db.NewEntClient,
		redisx.NewClient,
		redisx.NewFlags,
		redisx.NewLocker,
		events.NewPublisher,
		payout.NewRouter,
		callbacks.NewNotifier,
		compliance.NewScreener,
		compliance.NewService,
		disburse.NewService,
		settlement.NewStore,
	} {
		if err := c.Provide(ctor); err != nil {
			return err
		}
	}
	return nil
}

// Must panics on a provider registration error; used in main.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}
