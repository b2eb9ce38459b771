// Command api serves the public API, provider webhooks and, on a separate
// listener, the internal endpoints called by the job scheduler.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/samber/do/v2"
	"golang.org/x/sync/errgroup"

	"github.com/northwind/payables/internal/api"
	"github.com/northwind/payables/internal/app"
	"github.com/northwind/payables/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	injector := app.New(cfg)
	log := do.MustInvoke[*slog.Logger](injector)
	handlers := do.MustInvoke[*api.Handlers](injector)
	db := do.MustInvoke[*sql.DB](injector)
	defer db.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	servers := []*http.Server{
		{Addr: cfg.HTTPAddr, Handler: handlers.PublicRouter(), ReadHeaderTimeout: 10 * time.Second},
		{Addr: cfg.InternalHTTPAddr, Handler: handlers.InternalRouter(), ReadHeaderTimeout: 10 * time.Second},
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, srv := range servers {
		g.Go(func() error {
			log.Info("listening", "addr", srv.Addr)
			if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		})
	}
	g.Go(func() error {
		<-gctx.Done()
		shutCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		for _, srv := range servers {
			_ = srv.Shutdown(shutCtx)
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		log.Error("server", "err", err)
		os.Exit(1)
	}
}
