//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/api"
	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/platform/db"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/insurer"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/service/billing"
	"github.com/tradeloop/homeservices/internal/service/conversations"
	"github.com/tradeloop/homeservices/internal/service/dispatch"
	"github.com/tradeloop/homeservices/internal/service/jobs"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/service/quotes"
	"github.com/tradeloop/homeservices/internal/service/warranty"
	"github.com/tradeloop/homeservices/internal/store"
)

func initApp(cfg *config.Config) (*app, func(), error) {
	panic(wire.Build(
		config.ProviderSet,
		db.ProviderSet,
		store.ProviderSet,
		events.ProviderSet,
		queue.ProviderSet,
		ids.ProviderSet,
		stripepay.ProviderSet,
		sms.ProviderSet,
		insurer.ProviderSet,
		notify.ProviderSet,
		jobs.ProviderSet,
		quotes.ProviderSet,
		billing.ProviderSet,
		warranty.ProviderSet,
		conversations.ProviderSet,
		dispatch.ProviderSet,
		api.ProviderSet,
		newApp,
	))
}
