// Package app assembles the API and worker processes. The object graph is
// declared in wire.go; wire_gen.go is the generated injector.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"
	"golang.org/x/sync/errgroup"
	"google.golang.org/grpc"

	"github.com/meterly/subs/internal/config"
	"github.com/meterly/subs/internal/messaging/natsbus"
	"github.com/meterly/subs/internal/messaging/sqsq"
	"github.com/meterly/subs/internal/messaging/tasks"
	"github.com/meterly/subs/internal/transport/consumers"
)

// APIApp serves the public REST API and the internal gRPC API.
type APIApp struct {
	Cfg  config.Config
	HTTP *echo.Echo
	GRPC *grpc.Server
	Log  *slog.Logger
}

func (a *APIApp) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		a.Log.Info("http listening", "addr", a.Cfg.HTTPAddr)
		if err := a.HTTP.Start(a.Cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		lis, err := net.Listen("tcp", a.Cfg.GRPCAddr)
		if err != nil {
			return fmt.Errorf("grpc listen: %w", err)
		}
		a.Log.Info("grpc listening", "addr", a.Cfg.GRPCAddr)
		return a.GRPC.Serve(lis)
	})
	g.Go(func() error {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		a.GRPC.GracefulStop()
		return a.HTTP.Shutdown(shutdownCtx)
	})
	return g.Wait()
}

// WorkerApp runs every asynchronous consumer.
type WorkerApp struct {
	Log          *slog.Logger
	Relay        *natsbus.OutboxRelay
	NATS         *natsbus.Runner
	Invoices     *consumers.InvoiceConsumers
	UsageEvents  UsageEventsConsumer
	PeriodClosed PeriodClosedConsumer
	Tasks        *asynq.Server
	TaskMux      *asynq.ServeMux
	Scheduler    *asynq.Scheduler
	TaxRecalc    *sqsq.Consumer
}

func (w *WorkerApp) Run(ctx context.Context) error {
	stopNATS, err := w.NATS.Start(ctx, w.Invoices.Subscriptions())
	if err != nil {
		return err
	}
	defer stopNATS()

	sweep, err := tasks.New(tasks.TypeCreditsExpireSweep, tasks.CreditsExpireSweepPayload{BatchSize: 500})
	if err != nil {
		return err
	}
	if _, err := w.Scheduler.Register("*/15 * * * *", sweep, asynq.Queue(tasks.QueueDefault), asynq.Unique(14*time.Minute)); err != nil {
		return err
	}

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return w.Relay.Run(ctx) })
	g.Go(func() error { return w.UsageEvents.Run(ctx) })
	g.Go(func() error { return w.PeriodClosed.Run(ctx) })
	g.Go(func() error { return w.TaxRecalc.Run(ctx) })
	g.Go(func() error {
		if err := w.Tasks.Start(w.TaskMux); err != nil {
			return err
		}
		<-ctx.Done()
		w.Tasks.Shutdown()
		return nil
	})
	g.Go(func() error {
		if err := w.Scheduler.Start(); err != nil {
			return err
		}
		<-ctx.Done()
		w.Scheduler.Shutdown()
		return nil
	})
	return g.Wait()
}
