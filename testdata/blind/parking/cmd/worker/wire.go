//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/cityparking/parking/internal/anpr"
	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/fleet"
	"github.com/cityparking/parking/internal/jobs"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/platform/db"
	"github.com/cityparking/parking/internal/platform/natsx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/service"
	"github.com/cityparking/parking/internal/sms"
	"github.com/cityparking/parking/internal/store"
)

func initializeWorker(ctx context.Context, cfg *config.Config, log *slog.Logger) (*worker, func(), error) {
	wire.Build(
		db.Provide,
		store.ProviderSet,
		queue.RedisOpt,
		queue.NewEnqueuer,
		payments.ProvideGateway,
		sms.ProvideSender,
		fleet.ProvideNotifier,
		natsx.Connect,
		natsx.JetStream,
		service.SystemClock,
		service.SettingsFromConfig,
		service.NewPermitService,
		anpr.NewHandlers,
		anpr.NewRunnerFromHandlers,
		jobs.ProviderSet,
		newWorker,
	)
	return nil, nil, nil
}
