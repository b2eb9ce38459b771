package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/acme/freight/internal/app/docking"
	"github.com/acme/freight/internal/app/tracking"
	"github.com/acme/freight/internal/billing"
	"github.com/acme/freight/internal/carrier/parcelco"
	"github.com/acme/freight/internal/carrier/swiftfreight"
	"github.com/acme/freight/internal/config"
	"github.com/acme/freight/internal/messaging/amqpx"
	"github.com/acme/freight/internal/messaging/sqsx"
	"github.com/acme/freight/internal/store/bunstore"
)

// App owns every long-running component of freightd.
type App struct {
	server     *http.Server
	consumers  []*amqpx.Consumer
	sqsWorkers []*sqsx.Worker
	river      *river.Client[pgx.Tx]
}

func newApp(server *http.Server, consumers []*amqpx.Consumer, sqsWorkers []*sqsx.Worker, rc *river.Client[pgx.Tx]) *App {
	return &App{server: server, consumers: consumers, sqsWorkers: sqsWorkers, river: rc}
}

// Run starts all components and blocks until ctx is cancelled or one fails.
func (a *App) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	if err := a.river.Start(ctx); err != nil {
		return fmt.Errorf("start river: %w", err)
	}

	var wg sync.WaitGroup
	run := func(name string, fn func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(ctx); err != nil {
				cancel(fmt.Errorf("%s: %w", name, err))
			}
		}()
	}
	for _, c := range a.consumers {
		run("amqp consumer", c.Run)
	}
	for _, w := range a.sqsWorkers {
		run("sqs worker", w.Run)
	}
	run("http", func(context.Context) error {
		slog.Info("http listening", "addr", a.server.Addr)
		if err := a.server.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})

	<-ctx.Done()
	shutdownCtx, done := context.WithTimeout(context.Background(), 20*time.Second)
	defer done()
	_ = a.server.Shutdown(shutdownCtx)
	_ = a.river.Stop(shutdownCtx)
	wg.Wait()

	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return cause
	}
	return nil
}

func provideHTTPServer(cfg *config.Config, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      45 * time.Second,
	}
}

func provideAMQP(cfg *config.Config) (*amqp.Connection, func(), error) {
	conn, err := amqp.Dial(cfg.Queues.AMQPURL)
	if err != nil {
		return nil, nil, fmt.Errorf("amqp dial: %w", err)
	}
	return conn, func() { _ = conn.Close() }, nil
}

func provideSQS(ctx context.Context, cfg *config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.Queues.AWSRegion))
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	return sqs.NewFromConfig(awsCfg, func(o *sqs.Options) {
		o.RetryMaxAttempts = 5
		o.RetryMode = aws.RetryModeAdaptive
	}), nil
}

func provideConsumers(conn *amqp.Connection, cfg *config.Config, svc *tracking.Service) []*amqpx.Consumer {
	q := cfg.Queues
	return []*amqpx.Consumer{
		amqpx.NewConsumer(conn, q.StatusQueue, 32, amqpx.StatusHandler(svc)),
		amqpx.NewConsumer(conn, q.ExceptionQueue, 8, amqpx.ExceptionHandler(svc)),
		amqpx.NewConsumer(conn, q.PODQueue, 8, amqpx.PODHandler(svc)),
	}
}

func provideSQSWorkers(client *sqs.Client, cfg *config.Config, svc *docking.Service) []*sqsx.Worker {
	q := cfg.Queues
	return []*sqsx.Worker{
		sqsx.NewWorker(client, q.DockRequestsURL, q.SQSWaitTimeSeconds, sqsx.DockRequestHandler(svc)),
		sqsx.NewWorker(client, q.DockCheckinsURL, q.SQSWaitTimeSeconds, sqsx.DockCheckinHandler(svc)),
	}
}

func provideDockPublisher(client *sqs.Client, cfg *config.Config) *sqsx.Publisher {
	return sqsx.NewPublisher(client, cfg.Queues.DockRequestsURL)
}

func provideChargeRepo(db *bun.DB) *bunstore.Repo[bunstore.AccessorialCharge] {
	return bunstore.NewRepo[bunstore.AccessorialCharge](db)
}

func provideParcelCo(cfg *config.Config) *parcelco.Client { return parcelco.New(cfg.ParcelCo) }

func provideSwiftFreight(cfg *config.Config) *swiftfreight.Client {
	return swiftfreight.New(cfg.SwiftFreight)
}

func provideStripe(cfg *config.Config) *billing.StripeGateway {
	return billing.NewStripeGateway(cfg.Stripe)
}
