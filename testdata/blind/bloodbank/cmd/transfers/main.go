// Command transfers runs the Temporal worker for cross-border transfers.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/dig"

	"github.com/hemolink-systems/bloodbank/internal/app"
	"github.com/hemolink-systems/bloodbank/internal/config"
	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/transfers"
)

func main() {
	if err := run(); err != nil {
		slog.Error("transfers worker exited", "err", err)
		os.Exit(1)
	}
}

// tariffs are the per-unit prices of the partner framework agreement.
var tariffs = transfers.Tariffs{
	domain.RedCells:  18_500,
	domain.Plasma:    9_000,
	domain.Platelets: 42_000,
}

type activityDeps struct {
	dig.In

	DB       *sqlx.DB
	Repo     transfers.Repository
	Stock    inventory.Repository
	Tx       database.TxRunner
	Partners transfers.PartnerAPI
}

func newActivities(d activityDeps) *transfers.Activities {
	return &transfers.Activities{
		DB:       d.DB,
		Repo:     d.Repo,
		Stock:    d.Stock,
		Tx:       d.Tx,
		Partners: d.Partners,
		Tariffs:  tariffs,
		Now:      time.Now,
	}
}

func run() error {
	c := dig.New()
	ctors := append(app.Core(),
		app.NewTemporalClient,
		app.NewPartnerAPI,
		newActivities,
	)
	if err := app.Provide(c, ctors...); err != nil {
		return err
	}
	return c.Invoke(func(cfg config.Config, tc client.Client, acts *transfers.Activities) error {
		defer tc.Close()
		w := worker.New(tc, cfg.TransferTaskQueue, worker.Options{
			MaxConcurrentActivityExecutionSize: 20,
		})
		w.RegisterWorkflow(transfers.TransferWorkflow)
		w.RegisterActivity(acts)
		return w.Run(worker.InterruptCh())
	})
}
