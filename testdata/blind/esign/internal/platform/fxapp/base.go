package fxapp

import (
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/config"
)

// Base provides config.Config, *slog.Logger and app.Clock.
var Base = fx.Module("base",
	fx.Provide(
		config.Load,
		func() *slog.Logger {
			return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
		},
		func() app.Clock { return func() time.Time { return time.Now().UTC() } },
	),
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
		return &fxevent.SlogLogger{Logger: log}
	}),
)
