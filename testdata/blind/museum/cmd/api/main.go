// Command api serves the public ticketing, membership, donation, group and
// shop API, and receives the Paygate and Parcelway webhooks.
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
)

type apiServer struct {
	http    *http.Server
	metrics *http.Server
	logger  *zap.Logger
}

func newAPIServer(cfg *config.Config, router http.Handler, reg *metrics.Registry, logger *zap.Logger) *apiServer {
	return &apiServer{
		http: &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           router,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       30 * time.Second,
			WriteTimeout:      45 * time.Second,
		},
		metrics: &http.Server{Addr: cfg.MetricsAddr, Handler: reg.Handler(), ReadHeaderTimeout: 5 * time.Second},
		logger:  logger,
	}
}

func (s *apiServer) run(ctx context.Context) error {
	errc := make(chan error, 2)
	go func() { errc <- s.metrics.ListenAndServe() }()
	go func() {
		s.logger.Info("api listening", zap.String("addr", s.http.Addr))
		errc <- s.http.ListenAndServe()
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = s.metrics.Shutdown(shutdownCtx)
	return s.http.Shutdown(shutdownCtx)
}

func main() {
	srv, cleanup, err := initializeAPI()
	if err != nil {
		fmt.Fprintf(os.Stderr, "api: %v\n", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.run(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		srv.logger.Error("api stopped", zap.Error(err))
		os.Exit(1)
	}
}
