// Command api serves the blood service's HTTP API: donor app, collection
// tablets, hospital integrations, operations console, partner services and
// voucher webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/hemolink-systems/bloodbank/internal/app"
	"github.com/hemolink-systems/bloodbank/internal/config"
	"github.com/hemolink-systems/bloodbank/internal/deliveries"
	"github.com/hemolink-systems/bloodbank/internal/donations"
	"github.com/hemolink-systems/bloodbank/internal/donors"
	"github.com/hemolink-systems/bloodbank/internal/httpapi"
	"github.com/hemolink-systems/bloodbank/internal/orders"
	"github.com/hemolink-systems/bloodbank/internal/platform/httpx"
	"github.com/hemolink-systems/bloodbank/internal/transfers"
)

func main() {
	if err := run(); err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run() error {
	c := dig.New()
	ctors := append(app.Core(),
		app.NewTemporalClient,
		app.NewSMSGateway,
		app.NewNotifySender,
		app.NewCourier,
		app.NewTexter,
		app.NewDeliveryOptions,
		httpx.NewResponseStore,
		donors.NewService,
		donations.NewService,
		orders.NewService,
		deliveries.NewService,
		func(tc client.Client) transfers.WorkflowStarter { return tc },
		func(cfg config.Config) transfers.ServiceOptions {
			return transfers.ServiceOptions{TaskQueue: cfg.TransferTaskQueue, DefaultCarrier: "EuroColdChain"}
		},
		transfers.NewService,
		httpapi.NewRouter,
	)
	if err := app.Provide(c, ctors...); err != nil {
		return err
	}
	return c.Invoke(serve)
}

func serve(cfg config.Config, handler http.Handler, q *asynq.Client, tc client.Client, log *slog.Logger) error {
	defer q.Close()
	defer tc.Close()

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      35 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	errCh := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		errCh <- srv.ListenAndServe()
	}()

	select {
	case err := <-errCh:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
