//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/httpapi"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/platform/blob"
	"github.com/cityparking/parking/internal/platform/db"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/service"
	"github.com/cityparking/parking/internal/store"
	"github.com/cityparking/parking/internal/towing"
)

func initializeApp(ctx context.Context, cfg *config.Config, log *slog.Logger) (*app, func(), error) {
	wire.Build(
		db.Provide,
		store.ProviderSet,
		queue.RedisOpt,
		queue.NewEnqueuer,
		payments.ProvideGateway,
		towing.ProvideClient,
		blob.NewDirStore,
		wire.Bind(new(blob.Store), new(*blob.DirStore)),
		service.ProviderSet,
		httpapi.ProviderSet,
		newApp,
	)
	return nil, nil, nil
}
