// Package app assembles the application graph.
package app

import (
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/httpapi"
	"github.com/fairwaylinks/teetimes/internal/jobs"
	"github.com/fairwaylinks/teetimes/internal/messaging"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/posbridge"
	"github.com/fairwaylinks/teetimes/internal/posconsumer"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/service"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// Options returns the full application: config, infrastructure, stores,
// providers, services and the three kinds of entry point (HTTP, river
// workers, the POS queue consumer).
func Options() fx.Option {
	return fx.Options(
		fx.Provide(config.Load, newLogger),
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
		db.Module,
		store.Module,
		queue.Module,
		payments.Module,
		messaging.Module,
		posbridge.Module,
		service.Module,
		jobs.Module,
		posconsumer.Module,
		httpapi.Module,
	)
}

func newLogger() (*zap.Logger, error) {
	return zap.NewProduction()
}
