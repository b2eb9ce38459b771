package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"golang.org/x/sync/errgroup"

	"github.com/harborline/claims/internal/jobs"
	"github.com/harborline/claims/internal/outbox"
	"github.com/harborline/claims/internal/transport/sqsconsumer"
)

// App is every long-running component of claimsd.
type App struct {
	HTTP    *http.Server
	Events  *message.Router
	SQS     *sqsconsumer.Consumer
	Workers *jobs.WorkerClient
	Relay   *outbox.Relay
	Log     *slog.Logger
}

// Run starts all components and blocks until ctx is done or one fails.
func (a *App) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		a.Log.Info("http listening", "addr", a.HTTP.Addr)
		if err := a.HTTP.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
		defer cancel()
		return a.HTTP.Shutdown(sctx)
	})
	g.Go(func() error { return a.Events.Run(ctx) })
	g.Go(func() error { return a.SQS.Run(ctx) })
	g.Go(func() error {
		if err := a.Workers.Start(ctx); err != nil {
			return err
		}
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		return a.Workers.Stop(sctx)
	})
	g.Go(func() error { return a.Relay.Run(ctx) })
	return g.Wait()
}
