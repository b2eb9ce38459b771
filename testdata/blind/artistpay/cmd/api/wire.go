//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/api"
	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/ingest"
	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/database"
	"github.com/soundledger/artistpay/internal/platform/tasks"
	"github.com/soundledger/artistpay/internal/providers/payrail"
	"github.com/soundledger/artistpay/internal/providers/taxvault"
	"github.com/soundledger/artistpay/internal/royalties"
	"github.com/soundledger/artistpay/internal/taxforms"
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		database.Open,
		tasks.ProviderSet,
		payrail.ProviderSet,
		taxvault.ProviderSet,
		ledger.ProviderSet,
		ingest.ProviderSet,
		royalties.ProviderSet,
		advances.ProvideService,
		payouts.NewSubmitQueue,
		payouts.NewWithdrawals,
		payouts.NewAccounts,
		payouts.NewInstant,
		taxforms.NewService,
		wire.Bind(new(api.TaxForms), new(*taxforms.Service)),
		api.ProviderSet,
		newApp,
	)
	return nil, nil, nil
}
