// Command visit-api serves the telehealth gRPC API and the support admin
// HTTP API.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/carelink/telehealth/internal/config"
	"github.com/carelink/telehealth/internal/migrations"
)

func main() {
	migrate := flag.Bool("migrate", false, "apply database migrations before serving")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "visit-api")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := initializeApp(ctx, cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if *migrate {
		if err := migrations.Apply(ctx, app.DB); err != nil {
			log.Error("migrate", "err", err)
			os.Exit(1)
		}
	}

	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		log.Error("listen", "addr", cfg.GRPCAddr, "err", err)
		os.Exit(1)
	}
	errc := make(chan error, 2)
	go func() { errc <- app.GRPC.Serve(lis) }()
	go func() {
		if err := app.Admin.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	log.Info("serving", "grpc", cfg.GRPCAddr, "admin", cfg.AdminAddr)

	select {
	case <-ctx.Done():
	case err := <-errc:
		log.Error("server stopped", "err", err)
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = app.Admin.Shutdown(shutdown)
	done := make(chan struct{})
	go func() { app.GRPC.GracefulStop(); close(done) }()
	select {
	case <-done:
	case <-shutdown.Done():
		app.GRPC.Stop()
	}
}
