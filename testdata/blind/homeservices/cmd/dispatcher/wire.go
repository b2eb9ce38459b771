//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/consumers"
	"github.com/tradeloop/homeservices/internal/platform/db"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/service/billing"
	"github.com/tradeloop/homeservices/internal/service/dispatch"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

func initApp(cfg *config.Config) (*app, func(), error) {
	panic(wire.Build(
		config.ProviderSet,
		db.ProviderSet,
		store.ProviderSet,
		events.ProviderSet,
		events.NewRunner,
		newLogger,
		queue.ProviderSet,
		stripepay.ProviderSet,
		sms.ProviderSet,
		notify.ProviderSet,
		dispatch.ProviderSet,
		billing.NewPayouts,
		consumers.ProviderSet,
		newApp,
	))
}
