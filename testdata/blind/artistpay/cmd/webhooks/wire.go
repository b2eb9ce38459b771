//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/database"
	"github.com/soundledger/artistpay/internal/providers/payrail"
	"github.com/soundledger/artistpay/internal/providers/taxvault"
	"github.com/soundledger/artistpay/internal/taxforms"
	"github.com/soundledger/artistpay/internal/webhooks"
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		database.Open,
		payrail.ProviderSet,
		taxvault.ProviderSet,
		ledger.New,
		payouts.NewSettlement,
		payouts.NewAccounts,
		taxforms.NewService,
		webhooks.ProviderSet,
		newApp,
	)
	return nil, nil, nil
}
