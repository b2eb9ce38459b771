// Command worker runs the Temporal workflows and activities for permits and
// utility interconnection.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/sunrail/installs/internal/clients/permitsapi"
	"github.com/sunrail/installs/internal/clients/utility"
	"github.com/sunrail/installs/internal/interconnect"
	"github.com/sunrail/installs/internal/permits"
	"github.com/sunrail/installs/internal/platform/config"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/projects"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	if err := run(config.Load()); err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(cfg config.Config) error {
	db, err := database.Open(database.Config{DSN: cfg.DSN, MaxOpenConns: 10, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		return err
	}
	defer db.Close()

	tc, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    tlog.NewStructuredLogger(slog.Default()),
	})
	if err != nil {
		return err
	}
	defer tc.Close()

	var dbtx database.DBTX = db
	tx := database.NewTxManager(db)
	pub := events.NewOutbox(db, watermill.NewSlogLogger(slog.Default()))
	projectRepo := projects.NewRepository(dbtx, tx)

	w := worker.New(tc, cfg.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflow(permits.PermitWorkflow)
	w.RegisterWorkflow(interconnect.InterconnectionWorkflow)
	w.RegisterActivity(&permits.Activities{
		Repo:     permits.NewRepository(dbtx, tx),
		Projects: projectRepo,
		Portal:   permitsapi.New(cfg.PermitsBaseURL, cfg.PermitsAPIKey),
		Events:   pub,
		Tx:       tx,
	})
	w.RegisterActivity(&interconnect.Activities{
		Repo:     interconnect.NewRepository(dbtx, tx),
		Projects: projectRepo,
		Portal:   utility.New(cfg.UtilityBaseURL, cfg.UtilityAPIKey, cfg.UtilityHookToken),
	})
	return w.Run(worker.InterruptCh())
}
