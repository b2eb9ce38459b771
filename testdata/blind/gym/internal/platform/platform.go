// Package platform provides the shared infrastructure (database pool, queue
// client, logger) as fx modules.
package platform

import (
	"context"
	"log/slog"
	"os"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/txn"
)

var Module = fx.Module("platform",
	fx.Provide(
		config.Load,
		NewLogger,
		NewPool,
		NewRedisOpt,
		NewAsynqClient,
		fx.Annotate(txn.NewRunner, fx.As(new(txn.Runner))),
		fx.Annotate(tasks.NewEnqueuer, fx.As(new(tasks.Queue))),
	),
)

func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func NewPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

func NewRedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func NewAsynqClient(lc fx.Lifecycle, opt asynq.RedisClientOpt) *asynq.Client {
	c := asynq.NewClient(opt)
	lc.Append(fx.StopHook(c.Close))
	return c
}
