// Command worker consumes domain events from the watermill-sql topics and
// runs the follow-up work: collections, receipts, parent notifications,
// funding claim submission and message dispatch.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/acornlane-childcare/nursery/internal/config"
)

type workerApp struct {
	router *message.Router
	log    *slog.Logger
}

func newWorkerApp(router *message.Router, log *slog.Logger) *workerApp {
	return &workerApp{router: router, log: log}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	w, cleanup, err := initializeWorker(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	w.log.Info("worker starting", "handlers", len(w.router.Handlers()))
	return w.router.Run(ctx)
}
