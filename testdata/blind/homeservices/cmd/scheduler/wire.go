//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/cron"
	"github.com/tradeloop/homeservices/internal/platform/db"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/store"
)

func initApp(cfg *config.Config) (*app, func(), error) {
	panic(wire.Build(
		config.ProviderSet,
		db.ProviderSet,
		store.ProviderSet,
		queue.ProviderSet,
		cron.ProviderSet,
		newScheduler,
		newApp,
	))
}
