// Command api serves the staff API and the provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/lingua/academy/internal/api"
	"github.com/lingua/academy/internal/app"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/db"
	"github.com/lingua/academy/internal/platform/httpx"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		app.Services,
		app.Corporate,
		fx.Provide(newFiber),
		fx.Invoke(migrate),
		fx.Invoke(api.RegisterRoutes),
		fx.Invoke(serve),
	).Run()
}

func newFiber(log *slog.Logger) *fiber.App {
	f := fiber.New(fiber.Config{
		AppName:               "academy-api",
		ErrorHandler:          httpx.ErrorHandler(log),
		ReadTimeout:           15 * time.Second,
		WriteTimeout:          30 * time.Second,
		BodyLimit:             2 << 20,
		DisableStartupMessage: true,
	})
	f.Use(recover.New())
	return f
}

func migrate(lc fx.Lifecycle, pool *pgxpool.Pool, log *slog.Logger) {
	lc.Append(fx.StartHook(func(ctx context.Context) error {
		return db.Migrate(ctx, pool, log)
	}))
}

func serve(lc fx.Lifecycle, f *fiber.App, cfg config.Config, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.HTTPAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := f.Listener(ln); err != nil && !errors.Is(err, net.ErrClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("api listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return f.ShutdownWithContext(ctx)
		},
	})
}
