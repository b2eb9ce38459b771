// Command api serves the Branchline HTTP API: the patron app, the staff
// desk client and the Stripe and distributor webhooks.
package main

import (
	"context"
	"errors"
	"flag"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/shelfwise-labs/branchline/internal/app"
	"github.com/shelfwise-labs/branchline/internal/config"
	"github.com/shelfwise-labs/branchline/internal/store"
)

type apiApp struct {
	router *echo.Echo
}

func main() {
	migrate := flag.Bool("migrate", false, "apply database migrations before serving")
	flag.Parse()

	log := app.ProvideLogger()
	cfg, err := config.FromEnv()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *migrate {
		db, err := store.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			log.Error("open db for migrations", "err", err)
			os.Exit(1)
		}
		if err := store.Migrate(ctx, db); err != nil {
			log.Error("migrate", "err", err)
			os.Exit(1)
		}
		_ = db.Close()
	}

	a, cleanup, err := initializeAPI(ctx, cfg, log)
	if err != nil {
		log.Error("initialize", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	go func() {
		if err := a.router.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server", "err", err)
			stop()
		}
	}()
	<-ctx.Done()

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := a.router.Shutdown(shutdownCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
}
