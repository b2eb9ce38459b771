// Command fleet-api serves the public API and the internal admin API.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"
	"golang.org/x/sync/errgroup"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/platform/schema"
	"github.com/acme/fleet/internal/transport/httpapi"
)

type apiApp struct {
	cfg    config.Config
	pool   *sqlx.DB
	public *gin.Engine
	admin  httpapi.AdminHandler
	log    *slog.Logger
}

func newAPIApp(cfg config.Config, pool *sqlx.DB, public *gin.Engine, admin httpapi.AdminHandler, log *slog.Logger) *apiApp {
	return &apiApp{cfg: cfg, pool: pool, public: public, admin: admin, log: log}
}

func (a *apiApp) run(ctx context.Context) error {
	servers := []*http.Server{
		{Addr: a.cfg.HTTPAddr, Handler: a.public, ReadHeaderTimeout: 5 * time.Second},
		{Addr: a.cfg.AdminAddr, Handler: a.admin, ReadHeaderTimeout: 5 * time.Second},
	}
	g, ctx := errgroup.WithContext(ctx)
	for _, srv := range servers {
		g.Go(func() error {
			a.log.Info("listening", "addr", srv.Addr)
			if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		})
		g.Go(func() error {
			<-ctx.Done()
			shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			return srv.Shutdown(shutdownCtx)
		})
	}
	return g.Wait()
}

func main() {
	migrate := flag.Bool("migrate", false, "apply the database schema before serving")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := initializeAPI(cfg, log)
	if err != nil {
		log.Error("wiring", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if *migrate {
		if err := schema.Apply(ctx, app.pool); err != nil {
			log.Error("schema", "err", err)
			os.Exit(1)
		}
	}
	if err := app.run(ctx); err != nil {
		log.Error("api stopped", "err", err)
		os.Exit(1)
	}
}
