// Command api serves the supplier, operator, debtor-portal and webhook HTTP
// API.
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

	"github.com/kestrelfin/factoring/internal/config"
)

type apiApp struct {
	Server *http.Server
	Log    *slog.Logger
}

func main() {
	cfg := config.Load()
	a, cleanup, err := initializeAPI(cfg)
	if err != nil {
		slog.Error("initialise api", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() {
		a.Log.Info("api listening", "addr", a.Server.Addr)
		errc <- a.Server.ListenAndServe()
	}()

	select {
	case <-ctx.Done():
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			a.Log.Error("server failed", "err", err)
		}
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := a.Server.Shutdown(shutdownCtx); err != nil {
		a.Log.Error("shutdown", "err", err)
	}
}
