//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/consumers"
	"github.com/soundledger/artistpay/internal/ingest"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/database"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/tasks"
	"github.com/soundledger/artistpay/internal/providers/postlane"
	"github.com/soundledger/artistpay/internal/royalties"
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		database.ProviderSet,
		events.NewSubscriber,
		tasks.ProviderSet,
		postlane.ProviderSet,
		ingest.ProviderSet,
		royalties.NewCalculator,
		advances.NewPlans,
		payouts.NewSubmitQueue,
		payouts.NewHolds,
		consumers.ProviderSet,
		newApp,
	)
	return nil, nil, nil
}
