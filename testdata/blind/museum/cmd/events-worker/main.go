// Command events-worker consumes domain events and gate scans from Kafka and
// relays the transactional outbox.
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"go.uber.org/zap"
	"golang.org/x/sync/errgroup"

	"github.com/northgate-museums/visitor-platform/internal/consumers"
	"github.com/northgate-museums/visitor-platform/internal/outbox"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
)

type worker struct {
	router  *message.Router
	relay   *outbox.Relay
	metrics *http.Server
	logger  *zap.Logger
}

func newWorker(cfg *config.Config, router *message.Router, sub message.Subscriber, regs []consumers.Registration, relay *outbox.Relay, reg *metrics.Registry, logger *zap.Logger) *worker {
	consumers.Register(router, sub, regs...)
	return &worker{
		router:  router,
		relay:   relay,
		metrics: &http.Server{Addr: cfg.MetricsAddr, Handler: reg.Handler(), ReadHeaderTimeout: 5 * time.Second},
		logger:  logger,
	}
}

func (w *worker) run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return w.router.Run(ctx) })
	g.Go(func() error { return w.relay.Run(ctx) })
	g.Go(func() error {
		go func() {
			<-ctx.Done()
			_ = w.metrics.Close()
		}()
		if err := w.metrics.ListenAndServe(); err != http.ErrServerClosed {
			return err
		}
		return nil
	})
	err := g.Wait()
	if ctx.Err() != nil {
		return nil
	}
	return err
}

func main() {
	w, cleanup, err := initializeWorker()
	if err != nil {
		fmt.Fprintf(os.Stderr, "events-worker: %v\n", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w.logger.Info("events worker starting")
	if err := w.run(ctx); err != nil {
		w.logger.Error("events worker stopped", zap.Error(err))
		os.Exit(1)
	}
}
