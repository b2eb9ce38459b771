// Command gated is the turnstile-facing API. It runs on the resort's local
// network next to the lift stations.
package main

import (
	"context"
	"errors"
	"log"
	"log/slog"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/gateapi"
)

type app struct {
	cfg    config.Config
	server *gateapi.Server
	log    *slog.Logger
}

func newApp(cfg config.Config, server *gateapi.Server, log *slog.Logger) *app {
	return &app{cfg: cfg, server: server, log: log}
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	a, cleanup, err := initApp(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	e := a.server.Echo()
	go func() {
		a.log.Info("gate api listening", "addr", cfg.GateAddr)
		if err := e.Start(cfg.GateAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.log.Error("server stopped", "err", err)
			stop()
		}
	}()
	<-ctx.Done()

	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = e.Shutdown(shutdown)
}
