// Package app holds the fx modules shared by the binaries under cmd/.
package app

import (
	"context"
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/skyhop-logistics/dronedelivery/internal/config"
	"github.com/skyhop-logistics/dronedelivery/internal/consumer"
	"github.com/skyhop-logistics/dronedelivery/internal/metrics"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
	"github.com/skyhop-logistics/dronedelivery/internal/store/postgres"
	"go.uber.org/fx"
)

// Core provides configuration, logging, metrics and the database.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		NewLogger,
		NewPool,
		NewStore,
		func() metrics.Recorder { return metrics.Default() },
	),
)

// NewLogger returns the JSON logger and installs it as the default.
func NewLogger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	l := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(l)
	return l
}

// NewPool opens the pgx pool and closes it on shutdown.
func NewPool(lc fx.Lifecycle, cfg *config.Config) (*pgxpool.Pool, error) {
	pool, err := postgres.Connect(context.Background(), cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

// NewStore wraps the pool in the repository layer.
func NewStore(pool *pgxpool.Pool, log *slog.Logger) store.Store {
	return postgres.New(pool, postgres.WithLogger(log))
}

// StartRunners runs each runner in its own goroutine for the lifetime of the
// fx app and shuts the app down if one of them stops with an error.
func StartRunners(lc fx.Lifecycle, sd fx.Shutdowner, log *slog.Logger, runners []*consumer.Runner, readers []consumer.Reader) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, len(runners))
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			for _, r := range runners {
				go func() {
					defer func() { done <- struct{}{} }()
					if err := r.Run(ctx); err != nil {
						log.Error("consumer stopped", "err", err)
						_ = sd.Shutdown(fx.ExitCode(1))
					}
				}()
			}
			return nil
		},
		OnStop: func(stopCtx context.Context) error {
			cancel()
			for range runners {
				select {
				case <-done:
				case <-stopCtx.Done():
					return stopCtx.Err()
				}
			}
			for _, rd := range readers {
				if err := rd.Close(); err != nil {
					log.Warn("close reader", "err", err)
				}
			}
			return nil
		},
	})
}
