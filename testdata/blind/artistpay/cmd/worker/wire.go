//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/ingest"
	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/database"
	"github.com/soundledger/artistpay/internal/platform/tasks"
	"github.com/soundledger/artistpay/internal/providers/payrail"
	"github.com/soundledger/artistpay/internal/providers/postlane"
	"github.com/soundledger/artistpay/internal/royalties"
	"github.com/soundledger/artistpay/internal/statements"
	"github.com/soundledger/artistpay/internal/taxforms"
	"github.com/soundledger/artistpay/internal/worker"
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		database.Open,
		tasks.ProviderSet,
		payrail.ProviderSet,
		postlane.ProviderSet,
		ledger.New,
		ingest.ProviderSet,
		royalties.ProviderSet,
		advances.ProviderSet,
		payouts.ProviderSet,
		statements.ProviderSet,
		taxforms.NewConfig,
		taxforms.NewReminders,
		worker.ProviderSet,
		newApp,
	)
	return nil, nil, nil
}
