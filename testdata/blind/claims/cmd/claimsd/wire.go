//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/harborline/claims/internal/config"
)

// InitializeApp wires claimsd.
func InitializeApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, func(), error) {
	wire.Build(
		transportSet,
		wire.Struct(new(App), "*"),
	)
	return nil, nil, nil
}
