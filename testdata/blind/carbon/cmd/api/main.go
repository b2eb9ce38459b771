// Command api serves the public REST API and the internal gRPC transfer API.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
)

type apiApp struct {
	http     *http.Server
	grpc     *grpc.Server
	grpcAddr string
	log      *slog.Logger
}

func newAPIApp(cfg *config.Config, engine *gin.Engine, g *grpc.Server, log *slog.Logger) *apiApp {
	return &apiApp{
		http: &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           engine,
			ReadHeaderTimeout: 5 * time.Second,
			WriteTimeout:      30 * time.Second,
		},
		grpc:     g,
		grpcAddr: cfg.GRPCAddr,
		log:      log,
	}
}

func (a *apiApp) run(ctx context.Context) error {
	lis, err := net.Listen("tcp", a.grpcAddr)
	if err != nil {
		return err
	}
	errc := make(chan error, 2)
	go func() { errc <- a.grpc.Serve(lis) }()
	go func() {
		if err := a.http.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	a.log.Info("api listening", "http", a.http.Addr, "grpc", a.grpcAddr)

	select {
	case <-ctx.Done():
	case err := <-errc:
		return err
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	a.grpc.GracefulStop()
	return a.http.Shutdown(shutdownCtx)
}

func main() {
	log := app.Logger("api")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeAPI(ctx, cfg, log)
	if err != nil {
		log.Error("startup", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	if err := a.run(ctx); err != nil {
		log.Error("api stopped", "err", err)
		os.Exit(1)
	}
}
