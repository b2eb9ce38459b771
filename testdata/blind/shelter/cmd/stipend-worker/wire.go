//go:build wireinject

package main

import (
	"log/slog"

	"github.com/google/wire"
	"go.temporal.io/sdk/worker"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/platform/pg"
	"github.com/brindlewood-labs/shelternet/internal/platform/temporalx"
	"github.com/brindlewood-labs/shelternet/internal/providers/payouts"
	"github.com/brindlewood-labs/shelternet/internal/stipend"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

func initializeWorker(cfg config.Config, log *slog.Logger) (worker.Worker, func(), error) {
	wire.Build(
		pg.Open,
		store.NewUnitOfWork,
		store.NewStipendRepo,
		store.NewFosterRepo,
		store.NewLedgerRepo,
		payouts.New,
		stipend.NewActivities,
		temporalx.Dial,
		provideWorker,
	)
	return nil, nil, nil
}
