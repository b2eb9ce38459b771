// Command closingworker runs the Temporal worker for closing workflows.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/cobaltmesa/titleworks/internal/config"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/mysqlx"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/bankwire"
	"github.com/cobaltmesa/titleworks/internal/provider/recorder"
	"github.com/cobaltmesa/titleworks/internal/store"
	"github.com/cobaltmesa/titleworks/internal/workflows/closingwf"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg := config.Load()

	db, err := mysqlx.Open(mysqlx.Options{DSN: cfg.MySQLDSN, MaxOpen: 20, MaxIdle: 5, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		slog.Error("mysql", "err", err)
		os.Exit(1)
	}
	defer db.Close()
	tx := txm.New(db)

	tc, err := client.Dial(client.Options{HostPort: cfg.TemporalHost, Namespace: cfg.TemporalNS})
	if err != nil {
		slog.Error("temporal", "err", err)
		os.Exit(1)
	}
	defer tc.Close()

	acts := &closingwf.Activities{
		Tx:            tx,
		Disbursements: store.NewDisbursementRepo(tx),
		Closings:      store.NewClosingRepo(tx),
		Recordings:    store.NewRecordingRepo(tx),
		Orders:        store.NewOrderRepo(tx),
		Bank:          bankwire.New(cfg.BankBaseURL, cfg.BankToken),
		Recorder:      recorder.New(cfg.RecorderBaseURL, cfg.RecorderToken),
		DocsBaseURL:   cfg.DocsBaseURL,
		Now:           time.Now,
		NewID:         ids.KSUID,
		NewKey:        uuid.NewString,
	}

	w := worker.New(tc, cfg.ClosingQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 32,
		WorkerStopTimeout:                  30 * time.Second,
	})
	closingwf.Register(w, acts)

	if err := w.Run(worker.InterruptCh()); err != nil {
		slog.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
