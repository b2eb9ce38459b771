// Command toolsd runs the ShedShare tool library back end: the HTTP API and
// webhooks, the asynq task workers and scheduler, and the Temporal worker
// for the borrow-return workflow.
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/shedshare/toolsd/internal/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "toolsd:", err)
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
	app, cleanup, err := initializeApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	errc := make(chan error, 4)
	var wg sync.WaitGroup
	start := func(name string, fn func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(); err != nil {
				errc <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}

	start("http", func() error {
		app.Log.Info("http listening", "addr", app.HTTP.Addr)
		if err := app.HTTP.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	start("asynq", func() error { return app.Tasks.Start(app.Mux) })
	start("scheduler", func() error { return app.Scheduler.Start() })
	start("temporal", func() error { return app.Worker.Start() })

	select {
	case <-ctx.Done():
		app.Log.Info("shutting down")
	case err = <-errc:
		app.Log.Error("component failed", "err", err)
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	_ = app.HTTP.Shutdown(shutdownCtx)
	app.Scheduler.Shutdown()
	app.Tasks.Shutdown()
	app.Worker.Stop()
	wg.Wait()
	return err
}
