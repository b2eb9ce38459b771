package main

import (
	"context"
	"log/slog"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/platform"
)

type platformPool struct {
	Pool *pgxpool.Pool
}

// newEnv builds lazily-initialised dependencies so a job that only needs
// Postgres does not dial Redis, and vice versa.
func newEnv(ctx context.Context, cfg *platform.Config, log *slog.Logger) *env {
	e := &env{cfg: cfg, log: log}

	var (
		poolOnce sync.Once
		pool     *platformPool
		poolErr  error
	)
	e.pool = func() (*platformPool, error) {
		poolOnce.Do(func() {
			p, closeFn, err := platform.NewPool(ctx, cfg)
			if err != nil {
				poolErr = err
				return
			}
			e.cleanup = append(e.cleanup, closeFn)
			pool = &platformPool{Pool: p}
		})
		return pool, poolErr
	}

	var (
		queueOnce sync.Once
		queue     platform.Enqueuer
	)
	e.queue = func() platform.Enqueuer {
		queueOnce.Do(func() {
			c, closeFn := platform.NewAsynqClient(cfg)
			e.cleanup = append(e.cleanup, closeFn)
			queue = c
		})
		return queue
	}
	return e
}

func (e *env) close() {
	for i := len(e.cleanup) - 1; i >= 0; i-- {
		e.cleanup[i]()
	}
}
