// Command api serves the public HTTP API (echo) and the roast-floor gRPC API.
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

	"github.com/labstack/echo/v4"
	"google.golang.org/grpc"

	"github.com/ridgeline-coffee/roastery/internal/app"
	appconfig "github.com/ridgeline-coffee/roastery/internal/config"
	"github.com/ridgeline-coffee/roastery/internal/grpcapi"
	"github.com/ridgeline-coffee/roastery/internal/httpapi"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := app.Build()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := c.Provide(httpapi.New); err != nil {
		slog.Error("provide http", "err", err)
		os.Exit(1)
	}
	if err := c.Provide(grpcapi.NewGRPCServer); err != nil {
		slog.Error("provide grpc", "err", err)
		os.Exit(1)
	}
	if err := app.Migrate(ctx, c); err != nil {
		slog.Error("migrate", "err", err)
		os.Exit(1)
	}

	err = c.Invoke(func(cfg appconfig.Config, e *echo.Echo, g *grpc.Server, log *slog.Logger) error {
		return serve(ctx, cfg, e, g, log)
	})
	if err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func serve(ctx context.Context, cfg appconfig.Config, e *echo.Echo, g *grpc.Server, log *slog.Logger) error {
	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return err
	}
	errc := make(chan error, 2)
	go func() {
		log.Info("grpc listening", "addr", cfg.GRPCAddr)
		errc <- g.Serve(lis)
	}()
	go func() {
		log.Info("http listening", "addr", cfg.HTTPAddr)
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()

	select {
	case <-ctx.Done():
	case err := <-errc:
		return err
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	g.GracefulStop()
	return e.Shutdown(shutdownCtx)
}
