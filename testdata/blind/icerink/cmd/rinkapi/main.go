// Command rinkapi serves the RinkOps HTTP API and provider webhooks.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/frostline-arena/rinkops/internal/app"
	"github.com/frostline-arena/rinkops/internal/platform"
)

//go:generate go run -mod=mod github.com/google/wire/cmd/wire

func main() {
	log := app.NewLogger("rinkapi")
	cfg, err := platform.LoadConfig()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	if os.Getenv("GIN_MODE") == "" {
		gin.SetMode(gin.ReleaseMode)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	srv, cleanup, err := initServer(ctx, cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	go func() {
		log.Info("listening", "addr", srv.Addr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("serve", "err", err)
			stop()
		}
	}()

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
}
