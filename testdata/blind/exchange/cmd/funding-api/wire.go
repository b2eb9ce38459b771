//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/transport/httpapi"
)

func initializeApp(ctx context.Context, cfg *config.Config) (*application, func(), error) {
	wire.Build(
		app.Base,
		app.Messaging,
		app.Providers,
		app.ProvideWithdrawals,
		provideTopups,
		provideDeposits,
		provideAddresses,
		provideScheduler,
		provideHandlers,
		httpapi.NewRouter,
		newApplication,
	)
	return nil, nil, nil
}
