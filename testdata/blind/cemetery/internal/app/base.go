// Package app holds the fx modules shared by cmd/api and cmd/worker.
package app

import (
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/config"
	"github.com/hollowpine-memorial/plotkeeper/internal/platform/postgres"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository/pg"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

// Base provides configuration, logging, database handles, repositories,
// the unit of work and the insert-only queue client.
var Base = fx.Options(
	fx.Provide(
		config.FromEnv,
		newLogger,
		newLocation,
		fx.Annotate(newUnitOfWork, fx.As(new(uow.Runner))),
		fx.Annotate(newQueue, fx.As(new(queue.Enqueuer))),
	),
	fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
		return &fxevent.ZapLogger{Logger: log.Named("fx")}
	}),
	postgres.Module,
	pg.Module,
)

func newLogger() (*zap.Logger, error) {
	return zap.NewProduction()
}

// newLocation is the cemetery's local time zone, used when texting times.
func newLocation() (*time.Location, error) {
	return time.LoadLocation("America/Chicago")
}

func newUnitOfWork(db *sqlx.DB, log *zap.Logger) *uow.UnitOfWork {
	return uow.New(uow.Options{DB: db, Logger: log.Named("uow")})
}

func newQueue(db *sqlx.DB, log *zap.Logger) (*queue.Client, error) {
	return queue.New(queue.Options{DB: db, Logger: log.Named("queue")})
}
