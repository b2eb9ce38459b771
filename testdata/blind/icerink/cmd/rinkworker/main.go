// Command rinkworker runs the background side of RinkOps: the asynq task
// server, the partner SQS consumer and the task outbox relay.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"golang.org/x/sync/errgroup"

	"github.com/frostline-arena/rinkops/internal/app"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/partnerq"
	"github.com/frostline-arena/rinkops/internal/tasks"
)

//go:generate go run -mod=mod github.com/google/wire/cmd/wire

type workerApp struct {
	Server   *asynq.Server
	Mux      *asynq.ServeMux
	Consumer *partnerq.Consumer
	Relay    *tasks.Relay
	Log      *slog.Logger
}

func main() {
	log := app.NewLogger("rinkworker")
	cfg, err := platform.LoadConfig()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	w, cleanup, err := initWorker(ctx, cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := w.run(ctx); err != nil && ctx.Err() == nil {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}

func (w *workerApp) run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := w.Server.Start(w.Mux); err != nil {
			return err
		}
		<-ctx.Done()
		w.Server.Shutdown()
		return nil
	})
	g.Go(func() error { return w.Consumer.Run(ctx) })
	g.Go(func() error { return w.relayLoop(ctx) })
	return g.Wait()
}

// relayLoop drains the task outbox every few seconds.
func (w *workerApp) relayLoop(ctx context.Context) error {
	t := time.NewTicker(3 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			for {
				n, err := w.Relay.Drain(ctx, 100)
				if err != nil {
					w.Log.ErrorContext(ctx, "outbox relay", "err", err)
					break
				}
				if n < 100 {
					break
				}
			}
		}
	}
}
