// Command api serves the HTTP API for the customer portal, the agent
// desktop and partner webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/httpapi"
)

type app struct {
	cfg    *config.Config
	log    *slog.Logger
	server *httpapi.Server
}

func newApp(cfg *config.Config, log *slog.Logger, server *httpapi.Server) *app {
	return &app{cfg: cfg, log: log, server: server}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeAPI(ctx)
	if err != nil {
		slog.Error("init api", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	srv := &http.Server{
		Addr:              a.cfg.HTTPAddr,
		Handler:           a.server.Engine(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	go func() {
		a.log.Info("api listening", "addr", a.cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.log.Error("http server", "err", err)
			stop()
		}
	}()
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		a.log.Error("shutdown", "err", err)
	}
}
