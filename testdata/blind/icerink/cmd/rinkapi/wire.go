//go:build wireinject

package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/wire"

	"github.com/frostline-arena/rinkops/internal/app"
	"github.com/frostline-arena/rinkops/internal/httpapi"
	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/maintenance"
	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/rentals"
	"github.com/frostline-arena/rinkops/internal/sessions"
)

func initServer(ctx context.Context, cfg *platform.Config, log *slog.Logger) (*http.Server, func(), error) {
	wire.Build(
		app.Infra,
		app.Providers,
		sessions.ProviderSet,
		leagues.ProviderSet,
		rentals.ProviderSet,
		passes.ProviderSet,
		maintenance.ProviderSet,
		httpapi.ProviderSet,
	)
	return nil, nil, nil
}
